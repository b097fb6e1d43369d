"""Inverse hyperbolic tangent."""

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Arctanh(UnaryElementwise):
    name = label = 'arctanh'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.arctanh(x))
    derivative = staticmethod(lambda x, y, gy: gy / (1 - x * x))


@unary_doc
def arctanh(x):
    """Elementwise inverse hyperbolic tangent (defined on (-1, 1))."""
    return Arctanh().apply((x,))[0]
