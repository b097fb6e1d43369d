"""Log of the standard normal cumulative distribution function."""

import math

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.erfcx import erfcx


# d/dx log(ndtr(x)) = pdf(x) / ndtr(x) = sqrt(2 / pi) / erfcx(-x / sqrt(2)), stable for x << 0.
class LogNdtr(UnaryElementwise):
    name = label = 'log_ndtr'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('log_ndtr'))
    derivative = staticmethod(
        lambda x, y, gy: gy * math.sqrt(2 / math.pi) / erfcx(x * -math.sqrt(0.5)))


@unary_doc
def log_ndtr(x):
    """Elementwise log of ``ndtr``, accurate far in the lower tail (SciPy on the CPU)."""
    return LogNdtr().apply((x,))[0]
