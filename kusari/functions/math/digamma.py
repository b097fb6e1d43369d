"""Digamma function."""

from kusari.functions.math._elementwise import special_forward, unary
from kusari.functions.math.polygamma import polygamma

DiGamma, digamma = unary('digamma', special_forward('digamma'),
                         lambda x, y, gy: gy * polygamma(x.xp.ones(x.shape, 'i'), x),
                         node_name='DiGamma',
                         doc='Elementwise digamma function, the derivative of ``lgamma`` '
                             '(SciPy on the CPU).')
