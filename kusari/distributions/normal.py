"""The normal (Gaussian) distribution."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._location_scale import LocationScale
from kusari.distributions.distribution import register_kl

_HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)
_ENTROPY_CONSTANT = 0.5 * math.log(2 * math.pi * math.e)


class Normal(LocationScale):
    """Normal distribution ``p(x) = exp(-(x - mu)^2 / (2 sigma^2)) / sqrt(2 pi sigma^2)``.

    Args:
        loc (Variable or array): the mean ``mu``.
        scale (Variable or array): the standard deviation ``sigma``.
        log_scale (Variable or array): ``log(sigma)``, keyword only. Exactly one of
            ``scale`` and ``log_scale`` must be given.

    Sampling is reparameterized: ``loc + scale * eps`` with standard normal ``eps``.
    """

    def __init__(self, loc, scale=None, **kwargs):
        log_scale, = utils.parse_kwargs('Normal', kwargs, 'log_scale')
        if (scale is None) == (log_scale is None):
            raise ValueError('Normal: either `scale` or `log_scale` (not both) must have a '
                             'value.')
        if scale is not None:
            self._loc, self._scale = utils.as_params('Normal', loc=loc, scale=scale)
            self._log_scale = None
        else:
            self._loc, self._log_scale = utils.as_params('Normal', loc=loc,
                                                         log_scale=log_scale)
            self._scale = None

    @functools.cached_property
    def scale(self):
        return self._scale if self._scale is not None else F.exp(self._log_scale)

    @functools.cached_property
    def log_scale(self):
        return self._log_scale if self._log_scale is not None else F.log(self._scale)

    @property
    def mean(self):
        return self.loc

    @functools.cached_property
    def variance(self):
        return self.scale ** 2

    @property
    def stddev(self):
        return self.scale

    @functools.cached_property
    def entropy(self):
        return self.log_scale + _ENTROPY_CONSTANT

    def log_prob(self, x):
        z = self._standardize(x)
        return -0.5 * z * z - self.log_scale - _HALF_LOG_TWO_PI

    def cdf(self, x):
        return F.ndtr(self._standardize(x))

    def log_cdf(self, x):
        return F.log_ndtr(self._standardize(x))

    def survival_function(self, x):
        return F.ndtr(-self._standardize(x))

    def log_survival_function(self, x):
        return F.log_ndtr(-self._standardize(x))

    def icdf(self, x):
        return self.loc + self.scale * F.ndtri(utils.as_points(x, self.loc))

    @staticmethod
    def _draw_standard(random, shape):
        return random.standard_normal(shape)


@register_kl(Normal, Normal)
def _kl_normal_normal(dist1, dist2):
    ratio = dist1.variance / dist2.variance
    return (dist2.log_scale - dist1.log_scale
            + 0.5 * (ratio + (dist1.loc - dist2.loc) ** 2 / dist2.variance - 1))
