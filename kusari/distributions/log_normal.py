"""The log-normal distribution: ``exp`` of a normal variable."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution
from kusari.distributions.distribution import register_kl

_HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)


class LogNormal(ScalarDistribution):
    """Log-normal distribution: ``log(x)`` is normal with mean ``mu`` and deviation ``sigma``.

    ``p(x) = exp(-(log(x) - mu)^2 / (2 sigma^2)) / (x sqrt(2 pi sigma^2))`` for ``x > 0``.

    Args:
        mu (Variable or array): the mean of ``log(x)``.
        sigma (Variable or array): the standard deviation of ``log(x)``.

    Sampling is reparameterized: ``exp(mu + sigma * eps)`` with standard normal ``eps``.
    """

    _param_names = ('mu', 'sigma')

    def __init__(self, mu, sigma):
        self._mu, self._sigma = utils.as_params('LogNormal', mu=mu, sigma=sigma)

    @property
    def mu(self):
        return self._mu

    @property
    def sigma(self):
        return self._sigma

    @functools.cached_property
    def _log_sigma(self):
        return F.log(self.sigma)

    @property
    def support(self):
        return 'positive'

    @functools.cached_property
    def mean(self):
        return F.exp(self.mu + 0.5 * self.sigma ** 2)

    @functools.cached_property
    def variance(self):
        sigma2 = self.sigma ** 2
        return F.exp(2 * self.mu + sigma2) * F.expm1(sigma2)

    @functools.cached_property
    def entropy(self):
        return self.mu + self._log_sigma + (0.5 + _HALF_LOG_TWO_PI)

    def log_prob(self, x):
        x = utils.as_points(x, self.mu)
        log_x = F.log(utils.positive_part(x))
        z = (log_x - self.mu) / self.sigma
        logp = -0.5 * z * z - self._log_sigma - log_x - _HALF_LOG_TWO_PI
        return utils.where_const(utils.data(x) > 0, logp, -math.inf)

    def sample_n(self, n):
        n = utils.check_sample_count('LogNormal', n)
        eps = utils.draw(self.mu, lambda random, shape: random.standard_normal(shape), n)
        return F.exp(self.mu + self.sigma * eps)


@register_kl(LogNormal, LogNormal)
def _kl_log_normal_log_normal(dist1, dist2):
    # The KL divergence is invariant under the common map exp: it is the normals' one.
    return (dist2._log_sigma - dist1._log_sigma
            + 0.5 * ((dist1.sigma ** 2 + (dist1.mu - dist2.mu) ** 2) / dist2.sigma ** 2 - 1))
