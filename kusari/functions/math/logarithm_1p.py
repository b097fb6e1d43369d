"""``log(1 + x)``."""

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Log1p(UnaryElementwise):
    name = label = 'log1p'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.log1p(x))
    derivative = staticmethod(lambda x, y, gy: gy / (x + 1))


@unary_doc
def log1p(x):
    """Elementwise ``log(1 + x)``, accurate for small ``x``."""
    return Log1p().apply((x,))[0]
