"""Log-gamma function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.digamma import digamma

LGamma, lgamma = unary('lgamma', special_forward('gammaln'),
                       lambda x, y, gy: gy * digamma(x), node_name='LGamma',
                       doc='Elementwise log of the absolute value of the gamma function (SciPy '
                           'on the CPU).')
