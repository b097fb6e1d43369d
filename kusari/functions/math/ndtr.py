"""Standard normal cumulative distribution function."""

import math

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.exponential import exp

INV_SQRT_TWO_PI = 1 / math.sqrt(2 * math.pi)


class Ndtr(UnaryElementwise):
    name = label = 'ndtr'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('ndtr'))
    derivative = staticmethod(lambda x, y, gy: gy * INV_SQRT_TWO_PI * exp(-0.5 * x * x))


@unary_doc
def ndtr(x):
    """Elementwise standard normal cumulative distribution function (SciPy on the CPU)."""
    return Ndtr().apply((x,))[0]
