"""Batch renormalization (Ioffe, 2017)."""

import warnings

from kusari import core
from kusari.backend import get_array_module
from kusari.functions.normalization import _affine
from kusari.functions.normalization._standardize import count, standardize
from kusari.functions.normalization.batch_normalization import fixed_batch_normalization


def batch_renormalization(x, gamma, beta, rmax, dmax, eps=2e-5, running_mean=None,
                          running_var=None, decay=0.9, update_statistics=False):
    """Batch renormalization.

    ``y = gamma * (x_hat * r + d) + beta`` where ``x_hat`` is ``x`` standardized with
    the batch statistics, ``r = clip(sigma_batch / sigma_running, 1/rmax, rmax)`` and
    ``d = clip((mean_batch - running_mean) / sigma_running, -dmax, dmax)``
    (``sigma = sqrt(var + eps)``); ``r`` and ``d`` are constants for the gradient.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        gamma, beta (Variable or array): scale and shift of shape
            ``x.shape[1:1 + gamma.ndim]``, e.g. ``(c,)``.
        rmax (float): bound of ``r``.
        dmax (float): bound of ``d``.
        eps (float): added to the variances.
        running_mean, running_var (arrays): running statistics of ``gamma``'s
            shape (required).
        decay (float): decay rate of the running statistics.
        update_statistics (bool): update the running statistics in place, as
            :func:`batch_normalization` does.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    if running_mean is None:
        raise TypeError('batch_renormalization: running_mean is required')
    if running_var is None:
        raise TypeError('batch_renormalization: running_var is required')
    func = 'batch_renormalization'
    x_array = core.as_array(x)
    axes = _affine.reduction_axes(func, x_array.ndim, gamma.ndim, None)
    _affine.check_parameters(func, x_array, axes, [('gamma', core.as_array(gamma)),
                                                   ('beta', core.as_array(beta))])
    x_hat, node = standardize(x, axes, eps)
    xp = get_array_module(x_array)
    mean, var = node.mean, node.var
    running_sigma = xp.sqrt(running_var.reshape(mean.shape) + eps)
    r = xp.clip(xp.sqrt(var + eps) / running_sigma, 1.0 / rmax, rmax).astype(x_array.dtype)
    d = xp.clip((mean - running_mean.reshape(mean.shape)) / running_sigma, -dmax, dmax).astype(
        x_array.dtype)
    if update_statistics:
        m = count(x_array.shape, axes)
        _affine.update_running(running_mean, mean, decay)
        _affine.update_running(running_var, var, decay, m / max(m - 1.0, 1.0))
    shape, dtype = x_array.shape, x_array.dtype
    return ((x_hat * r + d) * _affine.expanded(gamma, shape, axes, dtype) +
            _affine.expanded(beta, shape, axes, dtype))


def fixed_batch_renormalization(x, gamma, beta, mean, var, eps=2e-5):
    """Deprecated: :func:`fixed_batch_normalization` (with a DeprecationWarning).

    Args:
        x (Variable or array): input of shape ``(n, c, ...)``.
        gamma, beta (Variable or array): scale and shift of shape
            ``x.shape[1:1 + gamma.ndim]``, e.g. ``(c,)``.
        mean, var (Variable or array): the statistics to normalize with, of
            ``gamma``'s shape.
        eps (float): added to the variance.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    warnings.warn('fixed_batch_renormalization is deprecated; use fixed_batch_normalization',
                  DeprecationWarning, stacklevel=2)
    with core.using_config('train', False):
        return fixed_batch_normalization(x, gamma, beta, mean, var, eps)
