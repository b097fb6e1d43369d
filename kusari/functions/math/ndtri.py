"""Inverse of the standard normal cumulative distribution function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.exponential import exp
from kusari.functions.math.ndtr import INV_SQRT_TWO_PI

Ndtri, ndtri = unary('ndtri', special_forward('ndtri'),
                     lambda x, y, gy: gy * (1 / INV_SQRT_TWO_PI) * exp(0.5 * y * y), uses='y',
                     doc='Elementwise inverse of ``ndtr`` (the standard normal quantile '
                         'function; SciPy on the CPU).')
