"""Log-softmax along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array._axes import axis_of


def _log_softmax(x, axis=1):
    """Numerically stable log-softmax of an array (shifted by the max)."""
    xp = get_array_module(x)
    if x.shape[axis] == 0:  # nothing to normalize (and no max to shift by)
        return x.copy()
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - xp.log(xp.exp(shifted).sum(axis=axis, keepdims=True))


class LogSoftmax(core.FunctionNode):
    _output_indexes_to_retain = (0,)

    def __init__(self, axis=1):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        check_float('log_softmax', 'x', x)
        return _log_softmax(x, self.axis),

    def backward(self, indexes, grad_outputs):
        return self._gradient(*self.get_retained_outputs(), grad_outputs[0], GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(*self.get_retained_arrays(), grad_outputs[0], ArrayForm),

    def _gradient(self, y, gy, form):
        return gy - form.exp(y) * form.sum(gy, axis=self.axis, keepdims=True)


def log_softmax(x, axis=1):
    """Log of the softmax along ``axis``, computed stably.

    Args:
        x (Variable or array): scores, e.g. of shape ``(N, C)`` for N examples of C
            classes.
        axis (int): the axis of the classes (negative counts from the end).

    Returns:
        Variable: of ``x``'s shape and dtype: ``x - logsumexp(x, axis)``.
    """
    return LogSoftmax(axis_of('log_softmax', axis, x.ndim)).apply((x,))[0]
