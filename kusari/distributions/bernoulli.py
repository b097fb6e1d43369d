"""The Bernoulli distribution on {0, 1}."""

import functools
import math

import numpy

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl


def _is_binary(x):
    """Where the points ``x`` (Variable or array) are 0 or 1."""
    x = utils.data(x)
    return (x == 0) | (x == 1)


def _bernoulli_log_prob(logit, x, binary_check=False):
    """Log-probability of the points ``x`` under Bernoulli distributions of logits ``logit``.

    ``x * logit - log(1 + exp(logit))``, broadcast; an infinite logit (``p`` is 0 or 1)
    gives ``log(x)`` or ``log(1 - x)`` instead, with zero gradient. With ``binary_check``
    it is ``-inf`` at points other than 0 and 1.
    """
    logit = core.as_variable(logit)
    x = utils.as_points(x, logit)
    finite = logit.xp.isfinite(logit.array)
    safe_logit = utils.where_const(finite, logit, 0)
    logp = x * safe_logit - F.softplus(safe_logit)
    if not finite.all():
        xp = logit.xp
        x_data = xp.broadcast_to(utils.data(x), logp.shape)
        target = xp.where(xp.broadcast_to(logit.array > 0, logp.shape), x_data, 1 - x_data)
        with numpy.errstate(divide='ignore', invalid='ignore'):
            limit = xp.log(target).astype(logp.dtype)
        logp = F.where(xp.broadcast_to(finite, logp.shape), logp, limit)
    if binary_check:
        logp = utils.where_const(_is_binary(x), logp, -math.inf)
    return logp


class Bernoulli(Distribution):
    """Bernoulli distribution: ``P(x = 1) = p`` and ``P(x = 0) = 1 - p``.

    Args:
        p (Variable or array): the probability of 1. Exactly one of ``p`` and ``logit``
            must be given.
        logit (Variable or array): ``log(p / (1 - p))``.
        binary_check (bool): if True, ``log_prob`` is ``-inf`` and ``prob`` is 0 at
            points other than 0 and 1; otherwise the formulas extend to any real ``x``.

    ``sample`` returns integer arrays of zeros and ones (not differentiable).
    """

    def __init__(self, p=None, logit=None, binary_check=False):
        if (p is None) == (logit is None):
            raise ValueError('Bernoulli: either `p` or `logit` (not both) must have a value.')
        self._p = None if p is None else utils.as_param('Bernoulli', 'p', p)
        self._logit = None if logit is None else utils.as_param('Bernoulli', 'logit', logit)
        self.binary_check = binary_check

    @functools.cached_property
    def p(self):
        return self._p if self._p is not None else F.sigmoid(self._logit)

    @functools.cached_property
    def logit(self):
        if self._logit is not None:
            return self._logit
        # log(p) - log(1 - p), with the limits -inf at p = 0 and +inf at p = 1.
        return utils.safe_log(self._p) - utils.safe_log(1 - self._p)

    @property
    def batch_shape(self):
        return self.p.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'logit': self.logit}

    @property
    def support(self):
        return '{0, 1}'

    @property
    def mean(self):
        return self.p

    @functools.cached_property
    def variance(self):
        return self.p * (1 - self.p)

    @functools.cached_property
    def entropy(self):
        return -utils._modified_xlogx(self.p) - utils._modified_xlogx(1 - self.p)

    def log_prob(self, x):
        return _bernoulli_log_prob(self.logit, x, self.binary_check)

    def prob(self, x):
        x = utils.as_points(x, self.p)
        prob = x * self.p + (1 - x) * (1 - self.p)
        if self.binary_check:
            prob = utils.where_const(_is_binary(x), prob, 0)
        return prob

    def sample_n(self, n):
        n = utils.check_sample_count('Bernoulli', n)
        p = self.p.array
        return core.Variable(self.p.xp.random.binomial(1, p, size=(n,) + p.shape))


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(dist1, dist2):
    # With log(p) = -softplus(-logit) and log(1 - p) = -logit - softplus(-logit).
    return ((dist1.p - 1) * (dist1.logit - dist2.logit)
            + F.softplus(-dist2.logit) - F.softplus(-dist1.logit))
