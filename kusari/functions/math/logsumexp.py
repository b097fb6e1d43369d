"""Log of the sum of exponentials over axes."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.array._axes import reduction_axes
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class LogSumExp(core.FunctionNode):
    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, axis):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        check_float('logsumexp', 'x', x)
        xp = get_array_module(x)
        shape = tuple(d for i, d in enumerate(x.shape) if i not in self.axis)
        if x.size == 0:  # the log of an empty sum
            return xp.full(shape, -xp.inf, x.dtype),
        # Shift by the max for stability; an all -inf slice keeps a shift of 0.
        peak = xp.asarray(x.max(axis=self.axis, keepdims=True))
        peak[~xp.isfinite(peak)] = 0
        y = xp.asarray(xp.exp(x - peak).sum(axis=self.axis, keepdims=True))
        xp.log(y, out=y)
        y += peak
        return force_array(y.reshape(shape)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return self._gradient(grad_outputs[0], x, y, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, y, form):
        kept = tuple(1 if i in self.axis else d for i, d in enumerate(x.shape))
        gy = form.broadcast_to(form.reshape(gy, kept), x.shape)
        return gy * form.exp(x - form.broadcast_to(form.reshape(y, kept), x.shape))


def logsumexp(x, axis=None):
    """``log(sum(exp(x), axis))`` computed without overflow (None: all axes).

    Args:
        x (Variable or array): a float array of any shape.
        axis (None, int or tuple of ints): axes to reduce; None reduces all of them.

    Returns:
        Variable: ``x``'s shape without the reduced axes, of ``x``'s dtype.
    """
    return LogSumExp(reduction_axes('logsumexp', axis, x.ndim)).apply((x,))[0]
