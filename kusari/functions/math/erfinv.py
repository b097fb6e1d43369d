"""Inverse error function."""

import math

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.exponential import exp

SQRT_PI_OVER_TWO = math.sqrt(math.pi) / 2


class ErfInv(UnaryElementwise):
    name = label = 'erfinv'
    _output_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('erfinv'))
    derivative = staticmethod(lambda x, y, gy: gy * SQRT_PI_OVER_TWO * exp(y * y))


@unary_doc
def erfinv(x):
    """Elementwise inverse error function (defined on (-1, 1); SciPy on the CPU)."""
    return ErfInv().apply((x,))[0]
