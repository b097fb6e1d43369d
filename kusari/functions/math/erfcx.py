"""Scaled complementary error function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.erf import TWO_OVER_SQRT_PI


class Erfcx(UnaryElementwise):
    name = label = 'erfcx'
    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('erfcx'))
    derivative = staticmethod(lambda x, y, gy: gy * (2 * x * y - TWO_OVER_SQRT_PI))


@unary_doc
def erfcx(x):
    """Elementwise scaled complementary error function ``exp(x**2) * erfc(x)`` (SciPy on the
    CPU)."""
    return Erfcx().apply((x,))[0]
