"""The categorical distribution over one-hot vectors."""

import functools

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl
from kusari.functions._checks import fail


class OneHotCategorical(Distribution):
    """Categorical distribution whose points are one-hot vectors: ``P(e_i) = p_i``.

    Args:
        p (Variable or array): class probabilities (last axis: classes, summing to 1).

    Points have shape ``sample_shape + batch_shape + (K,)``; ``sample`` returns one-hot
    arrays in ``p``'s dtype (not differentiable).
    """

    def __init__(self, p):
        self._p = utils.as_param('OneHotCategorical', 'p', p)
        if self._p.ndim == 0:
            fail('OneHotCategorical', 'p', 'an array with a class axis (ndim >= 1)',
                       'a 0-d array')

    @property
    def p(self):
        return self._p

    @functools.cached_property
    def log_p(self):
        return utils.safe_log(self.p)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return self.p.shape[-1:]

    @property
    def params(self):
        return {'p': self.p}

    @property
    def mean(self):
        return self.p

    @functools.cached_property
    def variance(self):
        return self.p * (1 - self.p)

    @functools.cached_property
    def entropy(self):
        return -F.sum(utils._modified_xlogx(self.p), axis=-1)

    def log_prob(self, x):
        return F.sum(utils.xlogy(utils.as_points(x, self.p), self.p), axis=-1)

    def sample_n(self, n):
        n = utils.check_sample_count('OneHotCategorical', n)
        xp = self.p.xp
        index = utils.draw_categories(self.p.array, n)
        eye = xp.eye(self.p.shape[-1], dtype=self.p.dtype)
        return core.Variable(eye[index])


@register_kl(OneHotCategorical, OneHotCategorical)
def _kl_one_hot_categorical_one_hot_categorical(dist1, dist2):
    return F.sum(utils.xlogy(dist1.p, dist1.p) - utils.xlogy(dist1.p, dist2.p), axis=-1)
