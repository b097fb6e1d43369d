"""Inverse complementary error function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.erfinv import SQRT_PI_OVER_TWO
from kusari.functions.math.exponential import exp

ErfcInv, erfcinv = unary('erfcinv', special_forward('erfcinv'),
                         lambda x, y, gy: gy * -SQRT_PI_OVER_TWO * exp(y * y), uses='y',
                         node_name='ErfcInv',
                         doc='Elementwise inverse complementary error function (defined on '
                             '(0, 2); SciPy on the CPU).')
