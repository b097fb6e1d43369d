"""Inverse complementary error function."""

from kusari.functions.math._elementwise import special_forward, UnaryElementwise, unary_doc
from kusari.functions.math.erfinv import SQRT_PI_OVER_TWO
from kusari.functions.math.exponential import exp


class ErfcInv(UnaryElementwise):
    name = label = 'erfcinv'
    _output_indexes_to_retain = (0,)
    compute = staticmethod(special_forward('erfcinv'))
    derivative = staticmethod(lambda x, y, gy: gy * -SQRT_PI_OVER_TWO * exp(y * y))


@unary_doc
def erfcinv(x):
    """Elementwise inverse complementary error function (defined on (0, 2); SciPy on the CPU)."""
    return ErfcInv().apply((x,))[0]
