"""Error function."""

import math

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.exponential import exp

TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)


class Erf(UnaryElementwise):
    name = label = 'erf'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('erf'))
    derivative = staticmethod(lambda x, y, gy: gy * TWO_OVER_SQRT_PI * exp(-x * x))


@unary_doc
def erf(x):
    """Elementwise error function (SciPy on the CPU)."""
    return Erf().apply((x,))[0]
