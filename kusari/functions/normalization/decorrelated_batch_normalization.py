"""Decorrelated batch normalization (Huang et al., 2018): ZCA whitening of channel groups."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._dtypes import cast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.math.matmul import matmul
from kusari.utils import argument
from kusari.configuration import config


def _grouped(x, groups):
    """``(n, c, *s)`` array as ``(groups, c // groups, n * prod(s))`` (channel ``g * C + i``)."""
    c = x.shape[1]
    axes = (1, 0) + tuple(range(2, x.ndim))
    return x.transpose(axes).reshape(groups, c // groups, x.size // c if c else 0)


def _ungrouped(y, shape):
    n, c = shape[:2]
    axes = (1, 0) + tuple(range(2, len(shape)))
    return y.reshape((c, n) + tuple(shape[2:])).transpose(axes)


def _work(x):
    return x.astype(numpy.float32) if x.dtype == numpy.float16 else x


class DecorrelatedBatchNormalization(core.FunctionNode):
    """``y = Sigma^(-1/2) (x - mean)`` per channel group, ``Sigma`` the covariance + eps I."""

    def __init__(self, groups, eps, running_mean, running_projection, decay):
        self.groups = groups
        self.eps = eps
        self.running = (running_mean, running_projection)
        self.decay = decay

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        xg = _work(_grouped(x, self.groups))
        m = xg.shape[2]
        mean = xg.mean(axis=2, keepdims=True)
        centered = xg - mean
        size = centered.shape[1]
        cov = centered @ centered.transpose(0, 2, 1) / m + self.eps * xp.eye(size, dtype=xg.dtype)
        eigvals, eigvecs = xp.linalg.eigh(cov)
        inv_sqrt = eigvals ** -0.5
        projection = (eigvecs * inv_sqrt[:, None, :]) @ eigvecs.transpose(0, 2, 1)
        y = projection @ centered
        self.saved = (centered, projection, eigvals, eigvecs)
        running_mean, running_projection = self.running
        if running_mean is not None:
            running_mean *= self.decay
            running_mean += (1 - self.decay) * mean.reshape(running_mean.shape)
        if running_projection is not None:
            running_projection *= self.decay
            running_projection += (1 - self.decay) * (m / max(m - 1.0, 1.0)) * projection
        return _ungrouped(y.astype(x.dtype, copy=False), x.shape),

    def backward(self, indexes, grad_outputs):
        return DecorrelatedBatchNormalizationGrad(self.groups, self.saved).apply(grad_outputs)


class DecorrelatedBatchNormalizationGrad(core.FunctionNode):
    """Gradient of ZCA whitening ``y = W (x - mean)``, ``W = Sigma^(-1/2)``.

    With ``G = dL/dy``: ``dL/dW = G xc^T``; through the eigendecomposition
    ``Sigma = U diag(l) U^T`` (Daleckii-Krein), ``dL/dSigma = U (P o U^T S U) U^T``
    with ``S`` the symmetric part of ``dL/dW`` and ``P_ij = -1 / (s_i s_j (s_i + s_j))``,
    ``s = sqrt(l)`` (no division by eigenvalue gaps). Then
    ``dL/dxc = W G + 2 sym(dL/dSigma) xc / m`` and the mean is projected out.
    """

    def __init__(self, groups, saved):
        self.groups = groups
        self.saved = saved

    def forward(self, inputs):
        gy, = inputs
        centered, projection, eigvals, eigvecs = self.saved
        g = _work(_grouped(gy, self.groups))
        m = centered.shape[2]
        grad_w = g @ centered.transpose(0, 2, 1)
        sym_w = (grad_w + grad_w.transpose(0, 2, 1)) / 2
        s = eigvals ** 0.5
        p = -1 / (s[:, :, None] * s[:, None, :] * (s[:, :, None] + s[:, None, :]))
        ut = eigvecs.transpose(0, 2, 1)
        grad_cov = eigvecs @ (p * (ut @ sym_w @ eigvecs)) @ ut
        grad_cov = grad_cov + grad_cov.transpose(0, 2, 1)
        gxc = projection @ g + grad_cov @ centered / m
        gxc -= gxc.mean(axis=2, keepdims=True)
        return _ungrouped(gxc.astype(gy.dtype, copy=False), gy.shape),

    def backward(self, indexes, grad_outputs):
        raise NotImplementedError('decorrelated_batch_normalization: double backward is not '
                                  'supported (nor is it in Chainer)')


def _check(func, x, groups):
    if x.dtype.kind != 'f' or x.ndim < 2:
        fail(func, 'x', 'a float array (n, c, ...)', 'shape {} and dtype {}'.format(
            x.shape, x.dtype))
    if not isinstance(groups, int) or groups <= 0 or x.shape[1] % groups:
        fail(func, 'groups', 'a positive divisor of the {} channels'.format(x.shape[1]),
             repr(groups))


def decorrelated_batch_normalization(x, **kwargs):
    """decorrelated_batch_normalization(x, *, groups=16, eps=2e-05, \
running_mean=None, running_projection=None, decay=0.9)

    Decorrelated batch normalization: the channels, split into ``groups`` groups of
    consecutive channels, are whitened per group with ZCA,
    ``y = Sigma^(-1/2) (x - mean)``, where ``Sigma`` is the covariance of the group's
    channels over the batch and spatial axes plus ``eps * I``.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        groups (int): number of channel groups; must divide ``c``.
        eps (float): added to the covariance's diagonal.
        running_mean (array ``(groups, c // groups)`` or None): updated in place.
        running_projection (array ``(groups, c // groups, c // groups)`` or None):
            running whitening matrix, updated in place (with Bessel's correction).
        decay (float): decay rate of the running statistics.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    groups, eps, running_mean, running_projection, decay = argument.parse_kwargs(
        kwargs, ('groups', 16), ('eps', 2e-5), ('running_mean', None),
        ('running_projection', None), ('decay', 0.9))
    _check('decorrelated_batch_normalization', core.as_array(x), groups)
    node = DecorrelatedBatchNormalization(groups, eps, running_mean, running_projection, decay)
    return node.apply((x,))[0]


def fixed_decorrelated_batch_normalization(x, mean, projection, groups=16):
    """Decorrelated batch normalization with fixed statistics:
    ``y = projection (x - mean)`` per channel group.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        mean (Variable or array): the channels' means, of shape
            ``(groups, c // groups)``.
        projection (Variable or array): the whitening matrices, of shape
            ``(groups, c // groups, c // groups)``.
        groups (int): number of channel groups.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    func = 'fixed_decorrelated_batch_normalization'
    x_array = core.as_array(x)
    _check(func, x_array, groups)
    n, c = x_array.shape[:2]
    size = c // groups
    if core.as_array(mean).shape != (groups, size):
        fail(func, 'mean', 'shape {}'.format((groups, size)),
             'shape {}'.format(core.as_array(mean).shape))
    if core.as_array(projection).shape != (groups, size, size):
        fail(func, 'projection', 'shape {}'.format((groups, size, size)),
             'shape {}'.format(core.as_array(projection).shape))
    dtypes = {x_array.dtype, core.as_array(mean).dtype, core.as_array(projection).dtype}
    if len(dtypes) > 1:
        # Chainer's type check wants one dtype; without type checks (as in its gradient
        # checks) the arrays are used as they come, in their promoted dtype.
        if config.type_check:
            fail(func, 'mean and projection', 'dtype {} (the dtype of x)'.format(x_array.dtype),
                 'dtypes {} and {}'.format(core.as_array(mean).dtype,
                                           core.as_array(projection).dtype))
        dtype = numpy.result_type(*dtypes)
        x, mean, projection = (cast_to(core.as_variable(a), dtype) for a in (x, mean, projection))
    spatial = tuple(range(2, x_array.ndim))
    xg = reshape(transpose(x, (1, 0) + spatial), (groups, size, x_array.size // c if c else 0))
    y = matmul(projection, xg - reshape(mean, (groups, size, 1)))
    y = reshape(y, (c, n) + x_array.shape[2:])
    return transpose(y, (1, 0) + spatial)
