"""Standard normal cumulative distribution function."""

import math

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.exponential import exp

INV_SQRT_TWO_PI = 1 / math.sqrt(2 * math.pi)

Ndtr, ndtr = unary('ndtr', special_forward('ndtr'),
                   lambda x, y, gy: gy * INV_SQRT_TWO_PI * exp(-0.5 * x * x),
                   doc='Elementwise standard normal cumulative distribution function (SciPy '
                       'on the CPU).')
