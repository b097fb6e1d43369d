"""The Cauchy distribution."""

import functools
import math
import warnings

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution


class Cauchy(Distribution):
    """Cauchy distribution ``p(x) = gamma / (pi ((x - x0)^2 + gamma^2))``.

    Args:
        loc (Variable or array): the location ``x0`` (median and mode).
        scale (Variable or array): the scale ``gamma > 0``.

    Its mean and variance are undefined: ``mean`` and ``variance`` warn and return NaN.
    Sampling is reparameterized: ``loc + scale * eps`` with standard Cauchy ``eps``.
    """

    def __init__(self, loc, scale):
        self._loc, self._scale = utils.as_params('Cauchy', loc=loc, scale=scale)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    @property
    def batch_shape(self):
        return self.loc.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def support(self):
        return 'real'

    def _undefined(self, what):
        warnings.warn('{} of the cauchy distribution is undefined.'.format(what),
                      RuntimeWarning, stacklevel=3)
        return core.Variable(self.loc.xp.full(self.loc.shape, math.nan, self.loc.dtype))

    @property
    def mean(self):
        return self._undefined('Mean')

    @property
    def variance(self):
        return self._undefined('Variance')

    @functools.cached_property
    def entropy(self):
        return F.log(4 * math.pi * self.scale)

    def _standardize(self, x):
        return (utils.as_points(x, self.loc) - self.loc) / self.scale

    def log_prob(self, x):
        z = self._standardize(x)
        return -F.log1p(z * z) - F.log(math.pi * self.scale)

    def cdf(self, x):
        return F.arctan(self._standardize(x)) / math.pi + 0.5

    def survival_function(self, x):
        return 0.5 - F.arctan(self._standardize(x)) / math.pi

    def icdf(self, x):
        return self.loc + self.scale * F.tan(math.pi * (utils.as_points(x, self.loc) - 0.5))

    def sample_n(self, n):
        n = utils.check_sample_count('Cauchy', n)
        eps = utils.draw(self.loc, lambda random, shape: random.standard_cauchy(shape), n)
        return self.loc + self.scale * eps
