"""The Gumbel (type-I extreme value) distribution."""

import functools
import math

import numpy

from kusari import functions as F
from kusari.distributions._location_scale import LocationScale
from kusari.distributions.distribution import register_kl

_EULER = float(numpy.euler_gamma)


class Gumbel(LocationScale):
    """Gumbel distribution ``p(x) = exp(-z - exp(-z)) / eta`` with ``z = (x - mu) / eta``.

    Args:
        loc (Variable or array): the location ``mu`` (the mode).
        scale (Variable or array): the scale ``eta > 0``.

    Sampling is reparameterized: ``loc + scale * eps`` with standard Gumbel ``eps``.
    """

    @functools.cached_property
    def _log_scale(self):
        return F.log(self.scale)

    @functools.cached_property
    def mean(self):
        return self.loc + _EULER * self.scale

    @functools.cached_property
    def variance(self):
        return (math.pi ** 2 / 6) * self.scale ** 2

    @functools.cached_property
    def entropy(self):
        return self._log_scale + (_EULER + 1)

    def log_prob(self, x):
        z = self._standardize(x)
        return -z - F.exp(-z) - self._log_scale

    @staticmethod
    def _draw_standard(random, shape):
        return random.gumbel(size=shape)


@register_kl(Gumbel, Gumbel)
def _kl_gumbel_gumbel(dist1, dist2):
    # E_p[exp(-(x - mu2) / eta2)] = exp((mu2 - mu1) / eta2) * Gamma(1 + eta1 / eta2).
    ratio = dist1.scale / dist2.scale
    shift = (dist1.loc - dist2.loc) / dist2.scale
    return (dist2._log_scale - dist1._log_scale + _EULER * (ratio - 1) + shift
            + F.exp(F.lgamma(ratio + 1) - shift) - 1)
