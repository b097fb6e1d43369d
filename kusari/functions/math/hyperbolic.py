"""Hyperbolic sine and cosine."""

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Sinh(UnaryElementwise):
    name = label = 'sinh'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.sinh(x))
    derivative = staticmethod(lambda x, y, gy: gy * cosh(x))


@unary_doc
def sinh(x):
    """Elementwise hyperbolic sine."""
    return Sinh().apply((x,))[0]


class Cosh(UnaryElementwise):
    name = label = 'cosh'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.cosh(x))
    derivative = staticmethod(lambda x, y, gy: gy * sinh(x))


@unary_doc
def cosh(x):
    """Elementwise hyperbolic cosine."""
    return Cosh().apply((x,))[0]
