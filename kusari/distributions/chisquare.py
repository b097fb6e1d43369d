"""The chi-square distribution."""

import functools
import math

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution

_LOG_TWO = math.log(2)


class Chisquare(ScalarDistribution):
    """Chi-square distribution with ``k`` degrees of freedom: ``Gamma(k / 2, 2)``.

    ``p(x) = x^(k/2 - 1) exp(-x / 2) / (2^(k/2) Gamma(k / 2))`` for ``x >= 0``.

    Args:
        k (Variable or array): the degrees of freedom ``k > 0``.

    ``sample`` is not reparameterized (as in Chainer): draws carry no gradient.
    """

    _param_names = ('k')

    def __init__(self, k):
        self._k, = utils.as_params('Chisquare', k=k)

    @property
    def k(self):
        return self._k

    @functools.cached_property
    def _half_k(self):
        return 0.5 * self.k

    @property
    def support(self):
        return 'positive'

    @property
    def mean(self):
        return self.k

    @functools.cached_property
    def variance(self):
        return 2 * self.k

    @functools.cached_property
    def entropy(self):
        half_k = self._half_k
        return half_k + _LOG_TWO + F.lgamma(half_k) + (1 - half_k) * F.digamma(half_k)

    def log_prob(self, x):
        x = utils.as_points(x, self.k)
        inside = utils.data(x) >= 0
        x = utils.where_const(inside, x, 1)
        half_k = self._half_k
        logp = utils.xlogy(half_k - 1, x) - 0.5 * x - F.lgamma(half_k) - half_k * _LOG_TWO
        return utils.where_const(inside, logp, -math.inf)

    def sample_n(self, n):
        n = utils.check_sample_count('Chisquare', n)
        k = self.k.array
        return core.Variable(utils.draw(self.k, lambda random, shape: random.chisquare(
            k, size=shape), n))
