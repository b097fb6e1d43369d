"""Standardization over axes, the core shared by batch, layer and group normalization.

:class:`Standardize` maps ``x`` to ``x_hat = (x - mean) * r`` with
``r = (var + eps) ** -0.5`` (mean and biased variance over ``axes``) and returns
``r`` as a second output. Its gradient is the fused :class:`StandardizeGrad`
of ``(x_hat, r, g)``, whose own gradient is written with kusari functions;
since ``x_hat`` and ``r`` are outputs of the first node, derivatives of any
order follow by the chain rule. float16 inputs are computed in float32.

:class:`ScaledStandardization` is the one node of batch, layer and group
normalization, as Chainer records them (``y = gamma * x_hat + beta`` of inputs
``(x, gamma, beta)``); its backward differentiates through a :class:`Standardize`
handed the ``x_hat`` and ``r`` its forward computed.
"""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math.sum import sum as sum_
from kusari.functions.normalization import _affine


def _work(array):
    return array.astype(numpy.float32) if array.dtype == numpy.float16 else array


def count(shape, axes):
    """Number of elements reduced over ``axes`` of ``shape``."""
    m = 1
    for a in axes:
        m *= shape[a]
    return m


def standardized(x, axes, eps):
    """``(x_hat, r, mean, var)`` of ``x`` over ``axes`` (kept as length 1), in float32 for
    float16 ``x``."""
    xp = get_array_module(x)
    work = _work(x)
    mean = work.mean(axis=axes, keepdims=True)
    x_hat = work - mean
    var = xp.square(x_hat).mean(axis=axes, keepdims=True)
    r = (var + var.dtype.type(eps)) ** -0.5
    x_hat *= r
    return x_hat, r, mean, var


class Standardize(core.FunctionNode):
    """``(x_hat, r)`` of ``x`` over ``axes``; keeps ``mean`` and ``var`` for running statistics.

    ``outputs``, when given, is ``(x_hat, r)`` already computed from the input, which
    forward returns as they are.
    """

    _output_indexes_to_retain = (0, 1)

    def __init__(self, axes, eps, outputs=None):
        self.axes = axes
        self.eps = eps
        self.mean = self.var = None
        self._outputs = outputs

    def forward(self, inputs):
        if self._outputs is not None:
            return self._outputs
        x, = inputs
        x_hat, r, self.mean, self.var = standardized(x, self.axes, self.eps)
        return x_hat.astype(x.dtype, copy=False), r.astype(x.dtype, copy=False)

    def backward(self, indexes, grad_outputs):
        x_hat, r = self.get_retained_outputs()
        g_hat, g_r = grad_outputs
        gx = None
        if g_hat is not None:
            gx = StandardizeGrad(self.axes).apply((x_hat, r, g_hat))[0]
        if g_r is not None:
            # dr/dx = -r^2 x_hat / m
            m = count(x_hat.shape, self.axes)
            term = x_hat * (g_r * r * r * (-1.0 / m))
            gx = term if gx is None else gx + term
        return gx,


class StandardizeGrad(core.FunctionNode):
    """``gx = r (g - mean(g) - x_hat mean(g x_hat))``, the gradient of :class:`Standardize`."""

    _input_indexes_to_retain = (0, 1, 2)
    _output_indexes_to_retain = (0,)

    def __init__(self, axes):
        self.axes = axes

    def forward(self, inputs):
        x_hat, r, g = inputs
        w_hat, w_r, w_g = _work(x_hat), _work(r), _work(g)
        gx = w_g - w_g.mean(axis=self.axes, keepdims=True)
        gx -= w_hat * (w_g * w_hat).mean(axis=self.axes, keepdims=True)
        gx *= w_r
        return gx.astype(g.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x_hat, r, g = self.get_retained_inputs()
        gx, = self.get_retained_outputs()
        ggx, = grad_outputs
        m = 1.0 / count(x_hat.shape, self.axes)
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(-r * (ggx * (sum_(g * x_hat, self.axes, keepdims=True) * m) +
                                 g * (sum_(ggx * x_hat, self.axes, keepdims=True) * m)))
            elif i == 1:
                ret.append(sum_(ggx * gx, self.axes, keepdims=True) / r)
            else:
                ret.append(StandardizeGrad(self.axes).apply((x_hat, r, ggx))[0])
        return tuple(ret)


def standardize(x, axes, eps):
    """``(x_hat, node)``: the standardized variable and the node that holds the statistics."""
    node = Standardize(tuple(axes), eps)
    x_hat, _ = node.apply((x,))
    return x_hat, node


class ScaledStandardization(core.FunctionNode):
    """``y = gamma * x_hat + beta`` of the inputs ``(x, gamma, beta)``: the node of batch,
    layer and group normalization (subclasses name it as Chainer does).

    ``x_hat`` standardizes ``x`` viewed in the shape :meth:`statistics_shape` gives
    (``x``'s own but for group normalization) over :meth:`statistics_axes`; ``gamma`` and
    ``beta`` broadcast over the axes :meth:`parameter_axes` of ``x``.
    """

    _input_indexes_to_retain = (0, 1)

    def statistics_shape(self, shape):
        return shape

    def forward(self, inputs):
        x, gamma, beta = inputs
        stat_shape = self.statistics_shape(x.shape)
        stat_axes = self.statistics_axes(x.ndim)
        x_hat, r, mean, var = standardized(x.reshape(stat_shape), stat_axes, self.eps)
        self.keep_statistics(mean, var, r, gamma.shape)
        param_shape = tuple(1 if i in self.parameter_axes(x.ndim) else n
                            for i, n in enumerate(x.shape))
        y = x_hat.reshape(x.shape) * gamma.reshape(param_shape)
        y += beta.reshape(param_shape)
        self._standardized = x_hat.astype(x.dtype, copy=False), r.astype(x.dtype, copy=False)
        return y.astype(x.dtype, copy=False),

    def keep_statistics(self, mean, var, r, param_shape):
        """Hook for the statistics of the batch (``keepdims`` arrays)."""

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        return self._gradients(indexes, grad_outputs[0], x, gamma, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        x, gamma = self.get_retained_arrays()
        return self._gradients(indexes, grad_outputs[0], x, gamma, ArrayForm)

    def _gradients(self, indexes, gy, x, gamma, form):
        """The gradients of the targets among (x, gamma, beta) in ``form`` (see _forms)."""
        shape = x.shape
        stat_shape = self.statistics_shape(shape)
        stat_axes, param_axes = self.statistics_axes(x.ndim), self.parameter_axes(x.ndim)
        grouped = stat_shape != shape
        # forward's x_hat and r, which the graph form gets as outputs of a node of x
        x_hat, r = form.run(Standardize(stat_axes, self.eps, self._standardized),
                            (form.reshape(x, stat_shape) if grouped else x,))
        ret = []
        for i in indexes:
            if i == 0:
                g = gy * _affine.expanded(gamma, shape, param_axes, x.dtype, form)
                gx, = form.run(StandardizeGrad(stat_axes),
                               (x_hat, r, form.reshape(g, stat_shape) if grouped else g))
                ret.append(form.reshape(gx, shape) if grouped else gx)
            elif i == 1:
                x_hat_of_x = form.reshape(x_hat, shape) if grouped else x_hat
                ret.append(_affine.parameter_sum(gy * x_hat_of_x, param_axes, gamma.dtype, form))
            else:
                ret.append(_affine.parameter_sum(gy, param_axes, self.inputs[2].dtype, form))
        return tuple(ret)
