"""The categorical distribution over class indices {0, ..., K - 1}."""

import functools

import numpy

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl
from kusari.functions._checks import fail


class Categorical(Distribution):
    """Categorical distribution ``P(x = i) = p_i`` over the last axis of ``p``.

    Args:
        p (Variable or array): class probabilities (last axis: classes, summing to 1).
        logit (Variable or array): keyword only; unnormalized log-probabilities
            (``log(p) + C``). Exactly one of ``p`` and ``logit`` must be given.

    Points are integer class indices of shape ``sample_shape + batch_shape``;
    ``sample`` returns such integer arrays (not differentiable).
    """

    def __init__(self, p=None, **kwargs):
        logit, = utils.parse_kwargs('Categorical', kwargs, 'logit')
        if (p is None) == (logit is None):
            raise ValueError('Categorical: either `p` or `logit` (not both) must have a '
                             'value.')
        name, value = ('p', p) if p is not None else ('logit', logit)
        param = utils.as_param('Categorical', name, value)
        if param.ndim == 0:
            fail('Categorical', name, 'an array with a class axis (ndim >= 1)',
                       'a 0-d array')
        self._p = param if p is not None else None
        self._logit = param if logit is not None else None

    @functools.cached_property
    def p(self):
        return self._p if self._p is not None else F.exp(self.log_p)

    @functools.cached_property
    def log_p(self):
        if self._p is not None:
            return utils.safe_log(self._p)
        return F.log_softmax(self._logit, axis=-1)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'p': self.p}

    @functools.cached_property
    def entropy(self):
        return -F.sum(utils._modified_xlogx(self.p), axis=-1)

    def log_prob(self, x):
        index = utils.class_indices('Categorical', x, self.p.shape[-1])
        n_classes = self.p.shape[-1]
        shape = numpy.broadcast_shapes(index.shape, self.batch_shape)
        log_p = F.broadcast_to(self.log_p, shape + (n_classes,))
        index = self.p.xp.broadcast_to(index, shape)
        rows = F.select_item(F.reshape(log_p, (-1, n_classes)), index.reshape(-1))
        return F.reshape(rows, shape)

    def sample_n(self, n):
        n = utils.check_sample_count('Categorical', n)
        return core.Variable(utils.draw_categories(self.p.array, n))


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(dist1, dist2):
    return F.sum(utils.xlogy(dist1.p, dist1.p) - utils.xlogy(dist1.p, dist2.p), axis=-1)
