"""Complementary error function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.erf import TWO_OVER_SQRT_PI
from kusari.functions.math.exponential import exp


class Erfc(UnaryElementwise):
    name = label = 'erfc'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('erfc'))
    derivative = staticmethod(lambda x, y, gy: gy * -TWO_OVER_SQRT_PI * exp(-x * x))


@unary_doc
def erfc(x):
    """Elementwise complementary error function ``1 - erf(x)`` (SciPy on the CPU)."""
    return Erfc().apply((x,))[0]
