"""Standardization over axes, the core shared by batch, layer and group normalization.

:class:`Standardize` maps ``x`` to ``x_hat = (x - mean) * r`` with
``r = (var + eps) ** -0.5`` (mean and biased variance over ``axes``) and returns
``r`` as a second output. Its gradient is the fused :class:`StandardizeGrad`
of ``(x_hat, r, g)``, whose own gradient is written with kusari functions;
since ``x_hat`` and ``r`` are outputs of the first node, derivatives of any
order follow by the chain rule. float16 inputs are computed in float32.
"""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions.math.sum import sum as sum_


def _work(array):
    return array.astype(numpy.float32) if array.dtype == numpy.float16 else array


def count(shape, axes):
    """Number of elements reduced over ``axes`` of ``shape``."""
    m = 1
    for a in axes:
        m *= shape[a]
    return m


class Standardize(core.FunctionNode):
    """``(x_hat, r)`` of ``x`` over ``axes``; keeps ``mean`` and ``var`` for running statistics."""

    def __init__(self, axes, eps):
        self.axes = axes
        self.eps = eps
        self.mean = self.var = None

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        work = _work(x)
        mean = work.mean(axis=self.axes, keepdims=True)
        x_hat = work - mean
        var = xp.square(x_hat).mean(axis=self.axes, keepdims=True)
        r = (var + var.dtype.type(self.eps)) ** -0.5
        x_hat *= r
        self.mean, self.var = mean, var
        self.retain_outputs((0, 1))
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

    def __init__(self, axes):
        self.axes = axes

    def forward(self, inputs):
        x_hat, r, g = inputs
        w_hat, w_r, w_g = _work(x_hat), _work(r), _work(g)
        gx = w_g - w_g.mean(axis=self.axes, keepdims=True)
        gx -= w_hat * (w_g * w_hat).mean(axis=self.axes, keepdims=True)
        gx *= w_r
        self.retain_inputs((0, 1, 2))
        self.retain_outputs((0,))
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
