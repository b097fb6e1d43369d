"""The Dirichlet distribution on the probability simplex."""

import functools

import numpy

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl
from kusari.functions._checks import fail


def _log_multivariate_beta(alpha):
    """``log(prod_i Gamma(alpha_i) / Gamma(sum_i alpha_i))`` over the last axis."""
    return F.sum(F.lgamma(alpha), axis=-1) - F.lgamma(F.sum(alpha, axis=-1))


class Dirichlet(Distribution):
    """Dirichlet distribution ``p(x) = prod_i x_i^(alpha_i - 1) / B(alpha)`` on the simplex.

    Args:
        alpha (Variable or array): the concentrations ``alpha_i > 0`` (last axis: the
            ``K`` coordinates of an event).

    ``sample`` is not reparameterized (as in Chainer): draws carry no gradient.
    """

    def __init__(self, alpha):
        self._alpha = utils.as_param('Dirichlet', 'alpha', alpha)
        if self._alpha.ndim == 0:
            fail('Dirichlet', 'alpha', 'an array with an event axis (ndim >= 1)',
                       'a 0-d array')

    @property
    def alpha(self):
        return self._alpha

    @functools.cached_property
    def alpha0(self):
        """The total concentration ``sum_i alpha_i``."""
        return F.sum(self.alpha, axis=-1)

    @functools.cached_property
    def _alpha0_expanded(self):
        return F.expand_dims(self.alpha0, axis=-1)

    @functools.cached_property
    def _log_beta(self):
        return _log_multivariate_beta(self.alpha)

    @property
    def batch_shape(self):
        return self.alpha.shape[:-1]

    @property
    def event_shape(self):
        return self.alpha.shape[-1:]

    @property
    def params(self):
        return {'alpha': self.alpha}

    @property
    def support(self):
        return '[0, 1]'

    @functools.cached_property
    def mean(self):
        return self.alpha / self._alpha0_expanded

    @functools.cached_property
    def variance(self):
        alpha0 = self._alpha0_expanded
        return self.alpha * (alpha0 - self.alpha) / (alpha0 ** 2 * (alpha0 + 1))

    @functools.cached_property
    def entropy(self):
        k = self.alpha.shape[-1]
        return (self._log_beta + (self.alpha0 - k) * F.digamma(self.alpha0)
                - F.sum((self.alpha - 1) * F.digamma(self.alpha), axis=-1))

    def log_prob(self, x):
        x = utils.as_points(x, self.alpha)
        return F.sum(utils.xlogy(self.alpha - 1, x), axis=-1) - self._log_beta

    def sample_n(self, n):
        n = utils.check_sample_count('Dirichlet', n)
        alpha = self.alpha.array
        # Normalized independent Gamma(alpha_i, 1) draws, vectorized over the batch.
        gammas = self.alpha.xp.random.standard_gamma(alpha, size=(n,) + alpha.shape)
        with numpy.errstate(invalid='ignore'):
            draws = gammas / gammas.sum(axis=-1, keepdims=True)
        return core.Variable(draws.astype(alpha.dtype))


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(dist1, dist2):
    expected_log_x = F.digamma(dist1.alpha) - F.digamma(dist1._alpha0_expanded)
    return (dist2._log_beta - dist1._log_beta
            + F.sum((dist1.alpha - dist2.alpha) * expected_log_x, axis=-1))
