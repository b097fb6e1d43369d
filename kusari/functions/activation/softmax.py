"""Softmax along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array._axes import axis_of


class Softmax(core.FunctionNode):
    _output_indexes_to_retain = (0,)

    def __init__(self, axis=1):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        check_float('softmax', 'x', x)
        xp = get_array_module(x)
        if x.shape[self.axis] == 0:  # nothing to normalize (and no max to shift by)
            return x.copy(),
        y = x - x.max(axis=self.axis, keepdims=True)
        xp.exp(y, out=y)
        y /= y.sum(axis=self.axis, keepdims=True)
        return y,

    def backward(self, indexes, grad_outputs):
        return self._gradient(*self.get_retained_outputs(), grad_outputs[0], GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(*self.get_retained_arrays(), grad_outputs[0], ArrayForm),

    def _gradient(self, y, gy, form):
        gx = y * gy
        return gx - y * form.sum(gx, axis=self.axis, keepdims=True)


def softmax(x, axis=1):
    """Softmax along ``axis``: ``exp(x) / sum(exp(x), axis)``, computed stably.

    Args:
        x (Variable or array): scores, e.g. of shape ``(N, C)`` for N examples of C
            classes.
        axis (int): the axis that sums to one (negative counts from the end).

    Returns:
        Variable: of ``x``'s shape and dtype; its entries along ``axis`` are
        positive and sum to 1.

    >>> import numpy as np
    >>> softmax(np.zeros((1, 4), dtype=np.float32)).array
    array([[0.25, 0.25, 0.25, 0.25]], dtype=float32)
    """
    return Softmax(axis_of('softmax', axis, x.ndim)).apply((x,))[0]
