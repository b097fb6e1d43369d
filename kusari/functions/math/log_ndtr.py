"""Log of the standard normal cumulative distribution function."""

import math

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.erfcx import erfcx

# d/dx log(ndtr(x)) = pdf(x) / ndtr(x) = sqrt(2 / pi) / erfcx(-x / sqrt(2)), stable for x << 0.
LogNdtr, log_ndtr = unary(
    'log_ndtr', special_forward('log_ndtr'),
    lambda x, y, gy: gy * math.sqrt(2 / math.pi) / erfcx(x * -math.sqrt(0.5)),
    doc='Elementwise log of ``ndtr``, accurate far in the lower tail (SciPy on the CPU).')
