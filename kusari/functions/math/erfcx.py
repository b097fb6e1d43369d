"""Scaled complementary error function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.erf import TWO_OVER_SQRT_PI

Erfcx, erfcx = unary('erfcx', special_forward('erfcx'),
                     lambda x, y, gy: gy * (2 * x * y - TWO_OVER_SQRT_PI), uses='xy',
                     doc='Elementwise scaled complementary error function '
                         '``exp(x**2) * erfc(x)`` (SciPy on the CPU).')
