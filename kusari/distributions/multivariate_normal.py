"""The multivariate normal distribution, parameterized by a Cholesky factor."""

import functools
import math

import numpy

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl
from kusari.functions._checks import fail

_HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)
_ENTROPY_CONSTANT = 0.5 * math.log(2 * math.pi * math.e)


def _triangle(x, lower=True):
    """The lower (or upper) triangle of the matrices ``x`` (Variable), zeros elsewhere."""
    xp = x.xp
    ones = xp.ones(x.shape[-2:], dtype=bool)
    return utils.where_const(xp.tril(ones) if lower else xp.triu(ones), x, 0)


def _batch_triangular_inv(x, lower=True):
    """Inverses of the triangular matrices ``x`` of shape ``batch + (d, d)``.

    Only the lower (``lower=True``) or upper triangle of ``x`` is read, so the gradient
    is zero in the other.
    """
    x = _triangle(core.as_variable(x), lower)
    flat = F.reshape(x, (math.prod(x.shape[:-2]),) + x.shape[-2:])
    return F.reshape(F.batch_inv(flat), x.shape)


def _triangular_inv(x, lower=True):
    """Inverse of the triangular matrix ``x`` (Variable or array of shape ``(d, d)``)."""
    shape = getattr(x, 'shape', None)
    if shape is None or len(shape) != 2 or shape[0] != shape[1]:
        fail('_triangular_inv', 'x', 'a square matrix', 'shape {}'.format(shape))
    return _batch_triangular_inv(x, lower)


class MultivariateNormal(Distribution):
    """Multivariate normal ``p(x) = exp(-(x - mu)^T V^-1 (x - mu) / 2) / sqrt(det(2 pi V))``.

    The covariance is ``V = L L^T`` for a lower-triangular ``L`` with nonzero diagonal.

    Args:
        loc (Variable or array): the mean ``mu``, of shape ``batch_shape + (d,)``.
        scale_tril (Variable or array): keyword only, required; ``L``, of shape
            ``batch_shape + (d, d)``. Only its lower triangle is used.

    Sampling is reparameterized: ``loc + L eps`` with standard normal ``eps``.
    """

    def __init__(self, loc, **kwargs):
        scale_tril, = utils.parse_kwargs('MultivariateNormal', kwargs, 'scale_tril')
        if scale_tril is None:
            raise ValueError('MultivariateNormal: `scale_tril` must have a value.')
        loc = utils.as_param('MultivariateNormal', 'loc', loc)
        scale_tril = utils.as_param('MultivariateNormal', 'scale_tril', scale_tril)
        if loc.ndim < 1:
            fail('MultivariateNormal', 'loc', 'an array of shape batch_shape + (d,)',
                       'a 0-d array')
        d = loc.shape[-1]
        if scale_tril.ndim < 2 or scale_tril.shape[-2:] != (d, d):
            fail('MultivariateNormal', 'scale_tril',
                       'an array of shape batch_shape + ({0}, {0})'.format(d),
                       'shape {}'.format(scale_tril.shape))
        if loc.dtype != scale_tril.dtype:
            fail('MultivariateNormal', 'dtypes of loc and scale_tril', 'equal dtypes',
                       '{} and {}'.format(loc.dtype, scale_tril.dtype))
        try:
            batch_shape = numpy.broadcast_shapes(loc.shape[:-1], scale_tril.shape[:-2])
        except ValueError:
            fail('MultivariateNormal', 'shapes of loc and scale_tril',
                       'broadcastable batch shapes',
                       '{} and {}'.format(loc.shape, scale_tril.shape))
        if loc.shape[:-1] != batch_shape:
            loc = F.broadcast_to(loc, batch_shape + (d,))
        if scale_tril.shape[:-2] != batch_shape:
            scale_tril = F.broadcast_to(scale_tril, batch_shape + (d, d))
        self._loc, self._scale_tril = loc, scale_tril

    @property
    def loc(self):
        return self._loc

    @property
    def scale_tril(self):
        return self._scale_tril

    @property
    def d(self):
        """The dimension of an event."""
        return self.loc.shape[-1]

    @functools.cached_property
    def _tril(self):
        return _triangle(self.scale_tril)

    @functools.cached_property
    def _tril_inverse(self):
        return _batch_triangular_inv(self.scale_tril)

    @functools.cached_property
    def _logdet_scale(self):
        diagonal = F.diagonal(self._tril, axis1=-2, axis2=-1)
        return F.sum(F.log(abs(diagonal)), axis=-1)

    @property
    def batch_shape(self):
        return self.loc.shape[:-1]

    @property
    def event_shape(self):
        return self.loc.shape[-1:]

    @property
    def params(self):
        return {'loc': self.loc, 'scale_tril': self.scale_tril}

    @property
    def support(self):
        return 'real'

    @property
    def mean(self):
        return self.loc

    @functools.cached_property
    def covariance(self):
        return F.matmul(self._tril, F.swapaxes(self._tril, -1, -2))

    @functools.cached_property
    def entropy(self):
        return self._logdet_scale + self.d * _ENTROPY_CONSTANT

    def log_prob(self, x):
        diff = utils.as_points(x, self.loc) - self.loc
        whitened = F.matmul(self._tril_inverse, F.expand_dims(diff, -1))
        mahalanobis = F.sum(whitened ** 2, axis=(-2, -1))
        return -0.5 * mahalanobis - self._logdet_scale - self.d * _HALF_LOG_TWO_PI

    def sample_n(self, n):
        n = utils.check_sample_count('MultivariateNormal', n)
        eps = utils.draw(self.loc, lambda random, shape: random.standard_normal(shape), n)
        return self.loc + F.squeeze(F.matmul(self._tril, F.expand_dims(eps, -1)), -1)


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariate_normal_multivariate_normal(dist1, dist2):
    if dist1.d != dist2.d:
        raise ValueError('kl_divergence: MultivariateNormal dimensions differ: {} and {}'
                         .format(dist1.d, dist2.d))
    inverse2 = dist2._tril_inverse
    trace = F.sum(F.matmul(inverse2, dist1._tril) ** 2, axis=(-2, -1))
    shift = F.matmul(inverse2, F.expand_dims(dist1.loc - dist2.loc, -1))
    mahalanobis = F.sum(shift ** 2, axis=(-2, -1))
    return (dist2._logdet_scale - dist1._logdet_scale
            + 0.5 * (trace + mahalanobis - dist1.d))
