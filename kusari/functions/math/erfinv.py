"""Inverse error function."""

import math

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.exponential import exp

SQRT_PI_OVER_TWO = math.sqrt(math.pi) / 2

ErfInv, erfinv = unary('erfinv', special_forward('erfinv'),
                       lambda x, y, gy: gy * SQRT_PI_OVER_TWO * exp(y * y), uses='y',
                       node_name='ErfInv',
                       doc='Elementwise inverse error function (defined on (-1, 1); SciPy on '
                           'the CPU).')
