"""Reinterpreting batch axes of a distribution as event axes."""

import functools
import math
import numbers

from kusari import functions as F
from kusari.distributions.distribution import Distribution, kl_divergence, register_kl


class Independent(Distribution):
    """A distribution whose rightmost batch axes become event axes.

    The events of the new distribution are products of independent events of the base
    one: log-probabilities (and entropies) are summed, probabilities multiplied over the
    reinterpreted axes.

    Args:
        distribution (Distribution): the base distribution.
        reinterpreted_batch_ndims (int): how many rightmost batch axes become event axes;
            None: all but the first batch axis.
    """

    def __init__(self, distribution, reinterpreted_batch_ndims=None):
        if not isinstance(distribution, Distribution):
            raise TypeError('Independent: distribution must be a Distribution, but got {}'
                            .format(type(distribution).__name__))
        base_ndim = len(distribution.batch_shape)
        if reinterpreted_batch_ndims is None:
            reinterpreted_batch_ndims = max(0, base_ndim - 1)
        elif (not isinstance(reinterpreted_batch_ndims, numbers.Integral)
              or not 0 <= reinterpreted_batch_ndims <= base_ndim):
            raise ValueError(
                'Independent: reinterpreted_batch_ndims must be an int in [0, {}] (the '
                'number of dimensions of distribution.batch_shape), but got {!r}'.format(
                    base_ndim, reinterpreted_batch_ndims))
        self._distribution = distribution
        self._ndims = int(reinterpreted_batch_ndims)
        split = base_ndim - self._ndims
        self._batch_shape = distribution.batch_shape[:split]
        self._event_shape = distribution.batch_shape[split:] + distribution.event_shape

    @property
    def distribution(self):
        return self._distribution

    @property
    def reinterpreted_batch_ndims(self):
        return self._ndims

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def params(self):
        return self.distribution.params

    @property
    def support(self):
        return self.distribution.support

    @property
    def xp(self):
        return self.distribution.xp

    @property
    def mean(self):
        return self.distribution.mean

    @property
    def mode(self):
        return self.distribution.mode

    @property
    def variance(self):
        return self.distribution.variance

    @property
    def stddev(self):
        return self.distribution.stddev

    @functools.cached_property
    def covariance(self):
        """The block-diagonal covariance of the concatenated independent events.

        For a base distribution with scalar events the blocks are its variances; for one
        with vector events, its covariance matrices.
        """
        base = self.distribution
        if len(base.event_shape) > 1:
            raise NotImplementedError('Independent.covariance: base events of more than one '
                                      'axis are not supported')
        d = base.event_shape[0] if base.event_shape else 1
        blocks = base.covariance if base.event_shape else base.variance
        m = math.prod(base.batch_shape[len(self.batch_shape):])
        blocks = F.reshape(blocks, self.batch_shape + (m, d, 1, d))
        blocks = F.broadcast_to(blocks, self.batch_shape + (m, d, m, d))
        xp = self.xp
        same_block = xp.eye(m, dtype=blocks.dtype).reshape(m, 1, m, 1)
        return F.reshape(blocks * same_block, self.batch_shape + (m * d, m * d))

    def _reduce(self, reduction, value):
        if self._ndims == 0:
            return value
        return reduction(value, axis=tuple(range(-self._ndims, 0)))

    @property
    def entropy(self):
        return self._reduce(F.sum, self.distribution.entropy)

    def log_prob(self, x):
        return self._reduce(F.sum, self.distribution.log_prob(x))

    def prob(self, x):
        return self._reduce(F.prod, self.distribution.prob(x))

    def perplexity(self, x):
        return self._reduce(F.prod, self.distribution.perplexity(x))

    def cdf(self, x):
        return self._reduce(F.prod, self.distribution.cdf(x))

    def log_cdf(self, x):
        return self._reduce(F.sum, self.distribution.log_cdf(x))

    def survival_function(self, x):
        return self._reduce(F.prod, self.distribution.survival_function(x))

    def log_survival_function(self, x):
        return self._reduce(F.sum, self.distribution.log_survival_function(x))

    def icdf(self, x):
        """Always raises: a multivariate cumulative distribution function is not invertible.

        Raises:
            RuntimeError: always.
        """
        raise RuntimeError('Independent.icdf: the cumulative distribution function of a '
                           'multivariate variable is not invertible.')

    def sample_n(self, n):
        return self.distribution.sample_n(n)


@register_kl(Independent, Independent)
def _kl_independent_independent(dist1, dist2):
    """``KL`` of products of independent factors: the sum of the factors' divergences."""
    if dist1.event_shape != dist2.event_shape:
        raise ValueError('kl_divergence: the event shapes of the Independent distributions '
                         'differ: {} and {}'.format(dist1.event_shape, dist2.event_shape))
    p, q = dist1.distribution, dist2.distribution
    if p.event_shape != q.event_shape:
        raise NotImplementedError('kl_divergence: Independent distributions over base '
                                  'distributions with different event shapes are not '
                                  'supported')
    n_reduced = len(dist1.event_shape) - len(p.event_shape)
    kl = kl_divergence(p, q)
    if n_reduced == 0:
        return kl
    return F.sum(kl, axis=tuple(range(-n_reduced, 0)))
