"""Special functions: error functions, gamma family, zeta and the normal distribution.

The forward uses ``scipy.special`` on the CPU (SciPy is optional: a clear ImportError says
to install it) and ``cupyx.scipy.special`` on a GPU.
"""

import math

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_broadcastable, check_float, fail
from kusari.functions.array.broadcast import sum_to
from kusari.functions.math._elementwise import force_array, special, unary
from kusari.functions.math.exponential import exp

_TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)
_SQRT_PI_OVER_TWO = math.sqrt(math.pi) / 2
_INV_SQRT_TWO_PI = 1 / math.sqrt(2 * math.pi)


def _scipy(name):
    return lambda xp, x: special(xp, name)(x)


erf = unary('erf', _scipy('erf'), lambda x, y, gy: gy * _TWO_OVER_SQRT_PI * exp(-x * x),
            doc='Elementwise error function.')
erfc = unary('erfc', _scipy('erfc'), lambda x, y, gy: gy * -_TWO_OVER_SQRT_PI * exp(-x * x),
             doc='Elementwise complementary error function ``1 - erf(x)``.')
erfcx = unary('erfcx', _scipy('erfcx'),
              lambda x, y, gy: gy * (2 * x * y - _TWO_OVER_SQRT_PI), uses='xy',
              doc='Elementwise scaled complementary error function ``exp(x**2) * erfc(x)``.')
erfinv = unary('erfinv', _scipy('erfinv'), lambda x, y, gy: gy * _SQRT_PI_OVER_TWO * exp(y * y),
               uses='y', doc='Elementwise inverse error function (defined on (-1, 1)).')
erfcinv = unary('erfcinv', _scipy('erfcinv'),
                lambda x, y, gy: gy * -_SQRT_PI_OVER_TWO * exp(y * y), uses='y',
                doc='Elementwise inverse complementary error function (defined on (0, 2)).')
lgamma = unary('lgamma', _scipy('gammaln'), lambda x, y, gy: gy * digamma(x),
               doc='Elementwise log of the absolute value of the gamma function.')
digamma = unary('digamma', _scipy('digamma'),
                lambda x, y, gy: gy * polygamma(x.xp.ones(x.shape, 'i'), x),
                doc='Elementwise digamma function, the derivative of ``lgamma``.')
ndtr = unary('ndtr', _scipy('ndtr'), lambda x, y, gy: gy * _INV_SQRT_TWO_PI * exp(-0.5 * x * x),
             doc='Elementwise standard normal cumulative distribution function.')
ndtri = unary('ndtri', _scipy('ndtri'),
              lambda x, y, gy: gy * (1 / _INV_SQRT_TWO_PI) * exp(0.5 * y * y), uses='y',
              doc='Elementwise inverse of ``ndtr`` (the standard normal quantile function).')
# d/dx log(ndtr(x)) = pdf(x) / ndtr(x) = sqrt(2 / pi) / erfcx(-x / sqrt(2)), stable for x << 0.
log_ndtr = unary('log_ndtr', _scipy('log_ndtr'),
                 lambda x, y, gy: gy * math.sqrt(2 / math.pi) / erfcx(x * -math.sqrt(0.5)),
                 doc='Elementwise log of ``ndtr``, accurate far in the lower tail.')


class PolyGamma(core.FunctionNode):
    """``polygamma(n, x)``: the n-th derivative of digamma; ``n`` is an integer array."""

    def forward(self, inputs):
        n, x = inputs
        if n.dtype.kind not in 'iu':
            fail('polygamma', 'n', 'an integer array', 'dtype {}'.format(n.dtype))
        check_float('polygamma', 'x', x)
        self.retain_inputs((0, 1))
        return force_array(special(get_array_module(x), 'polygamma')(n, x), x.dtype),

    def backward(self, indexes, grad_outputs):
        n, x = self.get_retained_inputs()
        return tuple(None if i == 0 else grad_outputs[0] * polygamma(n.array + 1, x)
                     for i in indexes)


def polygamma(n, x):
    """Elementwise polygamma function of order ``n`` (an integer array) at ``x``.

    Differentiable with respect to ``x`` only.
    """
    return PolyGamma().apply((n, x))[0]


class Zeta(core.FunctionNode):
    """Hurwitz zeta ``sum_k (q + k) ** -x``."""

    def forward(self, inputs):
        x, q = inputs
        check_float('zeta', 'x', x)
        check_float('zeta', 'q', q)
        check_broadcastable('zeta', x, q, ('x', 'q'))
        self.retain_inputs((0, 1))
        return force_array(special(get_array_module(q), 'zeta')(x, q), q.dtype),

    def backward(self, indexes, grad_outputs):
        x, q = self.get_retained_inputs()
        if 1 not in indexes:
            return None,
        # x and q broadcast against each other: q's gradient is summed back to its shape.
        gq = sum_to(grad_outputs[0] * -x * zeta(x + 1, q), q.shape)
        return tuple(None if i == 0 else gq for i in indexes)


def zeta(x, q):
    """Elementwise Hurwitz zeta function ``zeta(x, q) = sum_k (q + k) ** -x``.

    Differentiable with respect to ``q``; the exponent ``x`` is treated as a constant
    (its derivative has no closed form through SciPy).
    """
    return Zeta().apply((x, q))[0]
