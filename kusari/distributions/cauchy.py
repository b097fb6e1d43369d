"""The Cauchy distribution."""

import functools
import math
import warnings

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._location_scale import LocationScale


class Cauchy(LocationScale):
    """Cauchy distribution ``p(x) = gamma / (pi ((x - x0)^2 + gamma^2))``.

    Args:
        loc (Variable or array): the location ``x0`` (median and mode).
        scale (Variable or array): the scale ``gamma > 0``.

    Its mean and variance are undefined: ``mean`` and ``variance`` warn and return NaN.
    Sampling is reparameterized: ``loc + scale * eps`` with standard Cauchy ``eps``.
    """

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

    def log_prob(self, x):
        z = self._standardize(x)
        return -F.log1p(z * z) - F.log(math.pi * self.scale)

    def cdf(self, x):
        return F.arctan(self._standardize(x)) / math.pi + 0.5

    def survival_function(self, x):
        return 0.5 - F.arctan(self._standardize(x)) / math.pi

    def icdf(self, x):
        return self.loc + self.scale * F.tan(math.pi * (utils.as_points(x, self.loc) - 0.5))

    @staticmethod
    def _draw_standard(random, shape):
        return random.standard_cauchy(shape)
