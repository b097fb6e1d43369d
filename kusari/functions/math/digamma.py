"""Digamma function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.polygamma import polygamma


class DiGamma(UnaryElementwise):
    name = label = 'digamma'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('digamma'))
    derivative = staticmethod(lambda x, y, gy: gy * polygamma(x.xp.ones(x.shape, 'i'), x))


@unary_doc
def digamma(x):
    """Elementwise digamma function, the derivative of ``lgamma`` (SciPy on the CPU)."""
    return DiGamma().apply((x,))[0]
