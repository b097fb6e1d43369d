"""Log-gamma function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.digamma import digamma


class LGamma(UnaryElementwise):
    name = label = 'lgamma'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('gammaln'))
    derivative = staticmethod(lambda x, y, gy: gy * digamma(x))


@unary_doc
def lgamma(x):
    """Elementwise log of the absolute value of the gamma function (SciPy on the CPU)."""
    return LGamma().apply((x,))[0]
