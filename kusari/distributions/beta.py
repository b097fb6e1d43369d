"""The beta distribution on [0, 1]."""

import functools
import math

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution
from kusari.distributions.distribution import register_kl


class Beta(ScalarDistribution):
    """Beta distribution ``p(x) = x^(a - 1) (1 - x)^(b - 1) / B(a, b)`` on ``[0, 1]``.

    Args:
        a (Variable or array): the shape ``alpha > 0``.
        b (Variable or array): the shape ``beta > 0``.

    ``sample`` is not reparameterized (as in Chainer): draws carry no gradient.
    """

    _param_names = ('a', 'b')

    def __init__(self, a, b):
        self._a, self._b = utils.as_params('Beta', a=a, b=b)

    @property
    def a(self):
        return self._a

    @property
    def b(self):
        return self._b

    @functools.cached_property
    def _a_plus_b(self):
        return self.a + self.b

    @functools.cached_property
    def _lbeta(self):
        return utils.lbeta(self.a, self.b)

    @property
    def support(self):
        return '[0, 1]'

    @functools.cached_property
    def mean(self):
        return self.a / self._a_plus_b

    @functools.cached_property
    def variance(self):
        total = self._a_plus_b
        return self.a * self.b / (total ** 2 * (total + 1))

    @functools.cached_property
    def entropy(self):
        total = self._a_plus_b
        return (self._lbeta - (self.a - 1) * F.digamma(self.a)
                - (self.b - 1) * F.digamma(self.b) + (total - 2) * F.digamma(total))

    def log_prob(self, x):
        x = utils.as_points(x, self.a)
        x_data = utils.data(x)
        inside = (x_data >= 0) & (x_data <= 1)
        x = utils.where_const(inside, x, 0.5)
        logp = utils.xlogy(self.a - 1, x) + utils.xlogy(self.b - 1, 1 - x) - self._lbeta
        return utils.where_const(inside, logp, -math.inf)

    def sample_n(self, n):
        n = utils.check_sample_count('Beta', n)
        a, b = self.a.array, self.b.array
        return core.Variable(utils.draw(self.a, lambda random, shape: random.beta(
            a, b, size=shape), n))


@register_kl(Beta, Beta)
def _kl_beta_beta(dist1, dist2):
    total1, total2 = dist1._a_plus_b, dist2._a_plus_b
    return (dist2._lbeta - dist1._lbeta
            + (dist1.a - dist2.a) * F.digamma(dist1.a)
            + (dist1.b - dist2.b) * F.digamma(dist1.b)
            + (total2 - total1) * F.digamma(total1))
