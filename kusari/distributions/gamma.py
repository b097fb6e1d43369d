"""The gamma distribution (shape and scale parameterization)."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution
from kusari.distributions.distribution import register_kl


class Gamma(ScalarDistribution):
    """Gamma distribution ``p(x) = x^(k - 1) exp(-x / theta) / (Gamma(k) theta^k)``, ``x >= 0``.

    Args:
        k (Variable or array): the shape ``k > 0``.
        theta (Variable or array): the scale ``theta > 0``.

    ``sample`` is ``theta * eps`` with ``eps`` drawn from ``Gamma(k, 1)``, as in Chainer:
    differentiable with respect to ``theta`` but not ``k``.
    """

    _param_names = ('k', 'theta')

    def __init__(self, k, theta):
        self._k, self._theta = utils.as_params('Gamma', k=k, theta=theta)

    @property
    def k(self):
        return self._k

    @property
    def theta(self):
        return self._theta

    @functools.cached_property
    def _log_theta(self):
        return F.log(self.theta)

    @property
    def support(self):
        return 'positive'

    @functools.cached_property
    def mean(self):
        return self.k * self.theta

    @functools.cached_property
    def variance(self):
        return self.mean * self.theta

    @functools.cached_property
    def entropy(self):
        return (self.k + self._log_theta + F.lgamma(self.k)
                + (1 - self.k) * F.digamma(self.k))

    def log_prob(self, x):
        x = utils.as_points(x, self.k)
        inside = utils.data(x) >= 0
        x = utils.where_const(inside, x, 1)
        logp = (utils.xlogy(self.k - 1, x) - x / self.theta - F.lgamma(self.k)
                - self.k * self._log_theta)
        return utils.where_const(inside, logp, -math.inf)

    def sample_n(self, n):
        n = utils.check_sample_count('Gamma', n)
        k = self.k.array
        eps = utils.draw(self.k, lambda random, shape: random.standard_gamma(k, size=shape), n)
        return self.theta * eps


@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(dist1, dist2):
    return ((dist1.k - dist2.k) * F.digamma(dist1.k) - F.lgamma(dist1.k) + F.lgamma(dist2.k)
            + dist2.k * (dist2._log_theta - dist1._log_theta)
            + dist1.k * (dist1.theta / dist2.theta - 1))
