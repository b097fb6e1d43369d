"""Error function."""

import math

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.exponential import exp

TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)

Erf, erf = unary('erf', special_forward('erf'),
                 lambda x, y, gy: gy * TWO_OVER_SQRT_PI * exp(-x * x),
                 doc='Elementwise error function (SciPy on the CPU).')
