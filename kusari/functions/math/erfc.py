"""Complementary error function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.erf import TWO_OVER_SQRT_PI
from kusari.functions.math.exponential import exp

Erfc, erfc = unary('erfc', special_forward('erfc'),
                   lambda x, y, gy: gy * -TWO_OVER_SQRT_PI * exp(-x * x),
                   doc='Elementwise complementary error function ``1 - erf(x)`` (SciPy on '
                       'the CPU).')
