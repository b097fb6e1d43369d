"""``exp(x) - 1``."""

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Expm1(UnaryElementwise):
    name = label = 'expm1'
    derivative_on_arrays = True
    _output_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.expm1(x))
    derivative = staticmethod(lambda x, y, gy: gy * (y + 1))


@unary_doc
def expm1(x):
    """Elementwise ``exp(x) - 1``, accurate for small ``x``."""
    return Expm1().apply((x,))[0]
