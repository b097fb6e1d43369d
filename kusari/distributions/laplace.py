"""The Laplace (double exponential) distribution."""

import functools
import math

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._location_scale import LocationScale
from kusari.distributions.distribution import register_kl


def _laplace_cdf(x):
    """The cumulative distribution function of the standard Laplace distribution at ``x``."""
    x = core.as_variable(x)
    half_tail = 0.5 * F.exp(-abs(x))
    return F.where(x.array < 0, half_tail, 1 - half_tail)


def _laplace_icdf(x):
    """The quantile function of the standard Laplace distribution at probabilities ``x``."""
    # With h = 1 - 2x, the quantile is sign(h) * log(1 - |h|).
    h = 1 - 2 * core.as_variable(x)
    return F.sign(h) * F.log1p(-abs(h))


class Laplace(LocationScale):
    """Laplace distribution ``p(x) = exp(-|x - mu| / b) / (2 b)``.

    Args:
        loc (Variable or array): the location ``mu`` (mean, median and mode).
        scale (Variable or array): the scale ``b > 0``.

    Sampling is reparameterized: ``loc + scale * eps`` with standard Laplace ``eps``.
    """

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @functools.cached_property
    def variance(self):
        return 2 * self.scale ** 2

    @functools.cached_property
    def stddev(self):
        return math.sqrt(2) * self.scale

    @functools.cached_property
    def entropy(self):
        return 1 + F.log(2 * self.scale)

    def log_prob(self, x):
        return -abs(self._standardize(x)) - F.log(2 * self.scale)

    def cdf(self, x):
        return _laplace_cdf(self._standardize(x))

    def survival_function(self, x):
        return _laplace_cdf(-self._standardize(x))

    def icdf(self, x):
        return self.loc + self.scale * _laplace_icdf(utils.as_points(x, self.loc))

    @staticmethod
    def _draw_standard(random, shape):
        return random.laplace(size=shape)


@register_kl(Laplace, Laplace)
def _kl_laplace_laplace(dist1, dist2):
    distance = abs(dist1.loc - dist2.loc)
    return (F.log(dist2.scale) - F.log(dist1.scale) + distance / dist2.scale
            + dist1.scale / dist2.scale * F.exp(-distance / dist1.scale) - 1)
