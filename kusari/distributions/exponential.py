"""The exponential distribution."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import RateDistribution
from kusari.distributions.distribution import register_kl


class Exponential(RateDistribution):
    """Exponential distribution ``p(x) = lam * exp(-lam * x)`` for ``x >= 0``.

    Args:
        lam (Variable or array): the rate ``lam > 0``.

    Sampling is reparameterized: ``eps / lam`` with standard exponential ``eps``.
    """

    @property
    def support(self):
        return 'positive'

    @functools.cached_property
    def mean(self):
        return 1 / self.lam

    @functools.cached_property
    def variance(self):
        return self.mean ** 2

    @functools.cached_property
    def entropy(self):
        return 1 - self._log_lam

    def _nonnegative(self, x):
        """``x`` clamped at 0 (with no gradient below) and the mask ``x >= 0``."""
        x = utils.as_points(x, self.lam)
        inside = utils.data(x) >= 0
        return utils.where_const(inside, x, 0), inside

    def log_prob(self, x):
        x, inside = self._nonnegative(x)
        return utils.where_const(inside, self._log_lam - self.lam * x, -math.inf)

    def cdf(self, x):
        x, _ = self._nonnegative(x)
        return -F.expm1(-self.lam * x)

    def survival_function(self, x):
        x, _ = self._nonnegative(x)
        return F.exp(-self.lam * x)

    def log_survival_function(self, x):
        x, _ = self._nonnegative(x)
        return -self.lam * x

    def icdf(self, x):
        return -F.log1p(-utils.as_points(x, self.lam)) / self.lam

    def sample_n(self, n):
        n = utils.check_sample_count('Exponential', n)
        eps = utils.draw(self.lam, lambda random, shape: random.standard_exponential(shape), n)
        return self.mean * eps


@register_kl(Exponential, Exponential)
def _kl_exponential_exponential(dist1, dist2):
    return dist1._log_lam - dist2._log_lam + dist2.lam / dist1.lam - 1
