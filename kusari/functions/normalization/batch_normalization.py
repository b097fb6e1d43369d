"""Batch normalization, with batch statistics or with fixed (population) statistics."""

from kusari import core
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.normalization import _affine
from kusari.functions.normalization._standardize import ScaledStandardization, count
from kusari.utils import argument


_OPTIONS = (('eps', 2e-5), ('running_mean', None), ('running_var', None), ('decay', 0.9),
            ('axis', None))


def _parse_kwargs(kwargs):
    values = argument.parse_kwargs_of(
        'batch_normalization', dict(kwargs), *_OPTIONS,
        train='batch_normalization: the train argument is not supported anymore; '
              "use kusari.using_config('train', ...)")
    return dict(zip((name for name, _ in _OPTIONS), values))


class BatchNormalization(ScaledStandardization):
    """The node of :func:`batch_normalization`, with Chainer's attributes: ``eps``,
    ``decay``, ``axis`` (the axes of the statistics; None before forward when not given),
    ``running_mean``, ``running_var`` and, after forward, the batch's ``mean``, ``var``
    and ``inv_std`` (``gamma``'s shape)."""

    mean = var = inv_std = None

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, axis=None):
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self.axis = (axis,) if isinstance(axis, int) else axis

    def forward(self, inputs):
        if self.axis is None:
            self.axis = _affine.reduction_axes('batch_normalization', inputs[0].ndim,
                                               inputs[1].ndim, None)
        return super().forward(inputs)

    def statistics_axes(self, ndim):
        return self.axis

    parameter_axes = statistics_axes

    def keep_statistics(self, mean, var, r, param_shape):
        self.mean, self.var = mean.reshape(param_shape), var.reshape(param_shape)
        self.inv_std = r.reshape(param_shape)


def batch_normalization(x, gamma, beta, **kwargs):
    """batch_normalization(x, gamma, beta, eps=2e-05, running_mean=None, \
running_var=None, decay=0.9, axis=None)

    Batch normalization: ``y = gamma * (x - mean) / sqrt(var + eps) + beta`` with the
    mean and (biased) variance of the batch.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        gamma (Variable or array): scale, of the shape of the axes of ``x`` not
            normalized over: ``x.shape[1:1 + gamma.ndim]`` with the default
            ``axis``, e.g. ``(c,)``.
        beta (Variable or array): shift, of ``gamma``'s shape.
        eps (float): added to the variance.
        running_mean, running_var (arrays or None): running statistics of
            ``gamma``'s shape, updated in place:
            ``running = decay * running + (1 - decay) * batch statistic``,
            the variance with Bessel's correction ``m / (m - 1)``.
        decay (float): decay rate of the running statistics.
        axis (int, tuple of ints or None): axes to normalize over (ascending);
            by default the batch axis and every axis after ``gamma``'s.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    options = _parse_kwargs(kwargs)
    func = 'batch_normalization'
    x_array = core.as_array(x)
    axes = _affine.reduction_axes(func, x_array.ndim, gamma.ndim, options['axis'])
    _affine.check_parameters(func, x_array, axes, [('gamma', core.as_array(gamma)),
                                                   ('beta', core.as_array(beta))])
    _affine.warn_single_sample(func, x_array.shape, axes)
    decay = options['decay']
    node = BatchNormalization(options['eps'], options['running_mean'], options['running_var'],
                              decay, axes)
    y, = node.apply((x, gamma, beta))
    if node.running_mean is not None:
        _affine.update_running(node.running_mean, node.mean, decay)
    if node.running_var is not None:
        m = count(x_array.shape, axes)
        _affine.update_running(node.running_var, node.var, decay, m / max(m - 1.0, 1.0))
    return y


class FixedBatchNormalization(core.FunctionNode):
    """``y = gamma (x - mean) / sqrt(var + eps) + beta`` with given statistics, fused into
    ``x * scale + shift``; ``axis`` holds the axes normalized over."""

    _input_indexes_to_retain = (0, 1, 3, 4)

    def __init__(self, eps, axis):
        self.eps = eps
        self.axis = (axis,) if isinstance(axis, int) else axis

    def forward(self, inputs):
        x, gamma, beta, mean, var = inputs
        shape = tuple(1 if i in self.axis else n for i, n in enumerate(x.shape))
        inv_std = (var + var.dtype.type(self.eps)) ** -0.5
        scale = gamma * inv_std
        shift = beta - mean * scale
        y = x * scale.reshape(shape).astype(x.dtype, copy=False)
        y += shift.reshape(shape).astype(x.dtype, copy=False)
        return y,

    def backward(self, indexes, grad_outputs):
        x, gamma, mean, var = self.get_retained_inputs()
        return self._gradients(indexes, grad_outputs[0], x, gamma, mean, var, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        x, gamma, mean, var = self.get_retained_arrays()
        return self._gradients(indexes, grad_outputs[0], x, gamma, mean, var, ArrayForm)

    def _gradients(self, indexes, gy, x, gamma, mean, var, form):
        """The gradients of the targets among (x, gamma, beta, mean, var) in ``form`` (see
        _forms)."""
        shape, dtype = x.shape, x.dtype
        inv_std = (var + self.eps) ** -0.5
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(gy * _affine.expanded(gamma * inv_std, shape, self.axis, dtype, form))
            elif i == 2:
                ret.append(_affine.parameter_sum(gy, self.axis, gamma.dtype, form))
            else:
                x_hat = (x - _affine.expanded(mean, shape, self.axis, dtype, form)) * \
                    _affine.expanded(inv_std, shape, self.axis, dtype, form)
                ggamma = _affine.parameter_sum(gy * x_hat, self.axis, gamma.dtype, form)
                if i == 1:
                    ret.append(ggamma)
                elif i == 3:
                    ret.append(-gamma * inv_std *
                               _affine.parameter_sum(gy, self.axis, gamma.dtype, form))
                else:
                    ret.append(-0.5 * gamma * inv_std * inv_std * ggamma)
        return tuple(ret)


def fixed_batch_normalization(x, gamma, beta, mean, var, eps=2e-5, axis=None):
    """Batch normalization with fixed statistics (inference).

    ``y = gamma * (x - mean) / sqrt(var + eps) + beta``; differentiable in every
    argument.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        gamma, beta, mean, var (Variable or array): scale, shift and statistics,
            each of the shape of the axes of ``x`` not normalized over:
            ``x.shape[1:1 + gamma.ndim]`` with the default ``axis``, e.g. ``(c,)``.
        eps (float): added to the variance.
        axis (int, tuple of ints or None): as in :func:`batch_normalization`.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    func = 'fixed_batch_normalization'
    x_array = core.as_array(x)
    axes = _affine.reduction_axes(func, x_array.ndim, core.as_array(gamma).ndim, axis)
    params = [(name, core.as_array(p)) for name, p in (
        ('gamma', gamma), ('beta', beta), ('mean', mean), ('var', var))]
    _affine.check_parameters(func, x_array, axes, params)
    return FixedBatchNormalization(eps, axes).apply((x, gamma, beta, mean, var))[0]
