"""Inverse of the standard normal cumulative distribution function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.exponential import exp
from kusari.functions.math.ndtr import INV_SQRT_TWO_PI


class Ndtri(UnaryElementwise):
    name = label = 'ndtri'
    _output_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('ndtri'))
    derivative = staticmethod(lambda x, y, gy: gy * (1 / INV_SQRT_TWO_PI) * exp(0.5 * y * y))


@unary_doc
def ndtri(x):
    """Elementwise inverse of ``ndtr`` (the standard normal quantile function; SciPy on the CPU)."""
    return Ndtri().apply((x,))[0]
