"""Cumulative product along an axis, and the scan it (and ``prod``) differentiates through.

``linear_scan`` computes the first-order recurrence ``z[i] = b[i] + m[i] * z[i - 1]``
(or from the end with ``reverse``). Its adjoint is the same scan in the other direction,
so gradients of cumulative products stay exact where elements are zero (no division) and
can be differentiated again.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.array._axes import axis_of
from kusari.functions.array.reshape import reshape
from kusari.functions.math._elementwise import force_array


def _along(axis, index, ndim):
    """An index tuple selecting ``index`` along ``axis``."""
    return (slice(None),) * axis + (index,) + (slice(None),) * (ndim - axis - 1)


class Shift(core.FunctionNode):
    """``y[i] = x[i - offset]`` along ``axis``, zero where that is outside ``x``."""

    def __init__(self, axis, offset):
        self.axis = axis
        self.offset = offset

    def forward(self, inputs):
        x, = inputs
        y = get_array_module(x).zeros_like(x)
        n, k = x.shape[self.axis], self.offset
        if abs(k) < n:
            dst = slice(k, None) if k >= 0 else slice(None, n + k)
            src = slice(None, n - k) if k >= 0 else slice(-k, None)
            y[_along(self.axis, dst, x.ndim)] = x[_along(self.axis, src, x.ndim)]
        return y,

    def backward(self, indexes, grad_outputs):
        return Shift(self.axis, -self.offset).apply(grad_outputs)


def shift(x, offset, axis):
    """``x`` moved by ``offset`` along ``axis``, zero-filled (differentiable)."""
    return Shift(axis, offset).apply((x,))[0]


def unit_vector(xp, shape, axis, index, dtype):
    """Ones at ``index`` along ``axis``, zeros elsewhere."""
    e = xp.zeros(shape, dtype)
    e[_along(axis, index, len(shape))] = 1
    return e


class LinearScan(core.FunctionNode):
    """``z[i] = b[i] + m[i] * z[i -/+ 1]`` along ``axis`` (``m`` at the first step unused)."""

    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, axis, reverse):
        self.axis = axis
        self.reverse = reverse

    def forward(self, inputs):
        m, b = inputs
        xp = get_array_module(m, b)
        z = xp.empty(b.shape, b.dtype)
        mt, bt, zt = (xp.moveaxis(a, self.axis, 0) for a in (m, b, z))
        steps = range(len(bt) - 1, -1, -1) if self.reverse else range(len(bt))
        previous = None
        for i in steps:
            zt[i] = bt[i] if previous is None else bt[i] + mt[i] * zt[previous]
            previous = i
        return z,

    def backward(self, indexes, grad_outputs):
        m, = self.get_retained_inputs()
        z, = self.get_retained_outputs()
        step = -1 if self.reverse else 1
        gb = linear_scan(shift(m, -step, self.axis), grad_outputs[0], self.axis,
                         not self.reverse)
        return tuple(gb * shift(z, step, self.axis) if i == 0 else gb for i in indexes)


def linear_scan(m, b, axis, reverse=False):
    """``z[i] = b[i] + m[i] * z[i - 1]`` along ``axis`` (``z[i + 1]`` with ``reverse``)."""
    return LinearScan(axis, reverse).apply((m, b))[0]


class Cumprod(core.FunctionNode):
    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, axis):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        return force_array(get_array_module(x).cumprod(x, axis=self.axis), x.dtype),

    def backward(self, indexes, grad_outputs):
        # gx[i] = prod(x[:i]) * sum_{k >= i} gy[k] * prod(x[i + 1:k + 1]); the sum is a
        # reverse scan and prod(x[:i]) is y shifted by one with a leading 1.
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        axis = self.axis
        if axis is None:  # the product ran over the flattened x
            x, axis = reshape(x, (x.size,)), 0
        if x.shape[axis] == 0:
            return None,
        suffix = linear_scan(shift(x, -1, axis), grad_outputs[0], axis, reverse=True)
        first = unit_vector(x.xp, x.shape, axis, 0, x.dtype)
        return unflattened(self, suffix * (shift(y, 1, axis) + first)),


def unflattened(node, gx):
    """``gx`` in the shape of ``node``'s input (an axis-None node's gradient is flat)."""
    return reshape(gx, node.inputs[0].shape) if node.axis is None else gx


def cumulative(name, node_class, x, axis):
    """``node_class(axis)`` applied to ``x``; with ``axis`` None the node (as Chainer's)
    accumulates over the flattened ``x``."""
    array = core.as_array(x)
    check_float(name, 'x', array)
    if axis is not None:
        axis = axis_of(name, axis, array.ndim)
    return node_class(axis).apply((x,))[0]


def cumprod(x, axis=None):
    """Cumulative product along ``axis`` (None: of the flattened array).

    Args:
        x (Variable or array): input of any shape.
        axis (None or int): the axis to accumulate along; None flattens ``x`` first.

    Returns:
        Variable: of ``x``'s shape (1-d of ``x.size`` for None) and dtype.
    """
    return cumulative('cumprod', Cumprod, x, axis)
