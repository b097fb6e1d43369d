"""Reversing the order of elements along an axis."""

import numbers

from kusari import core
from kusari.functions._checks import fail


def _flip(array, axis):
    """A view of ``array`` reversed along ``axis`` (any array module)."""
    index = [slice(None)] * array.ndim
    index[axis] = slice(None, None, -1)
    return array[tuple(index)]


class Flip(core.FunctionNode):
    """Reverses ``x`` along ``axis``; its gradient is flipped back."""

    def __init__(self, axis):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        return _flip(x, self.axis),

    def backward(self, indexes, grad_outputs):
        return Flip(self.axis).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return Flip(self.axis).forward(grad_outputs)


def flip(x, axis):
    """Reverses the order of elements of ``x`` along ``axis``.

    Args:
        x (Variable or array): input of any shape with at least one axis.
        axis (int): the axis to flip.

    Returns:
        Variable: the flipped variable, of ``x``'s shape.
    """
    ndim = core.as_array(x).ndim
    if not isinstance(axis, numbers.Integral) or not -ndim <= axis < ndim:
        fail('flip', 'axis', 'an int axis in [{}, {})'.format(-ndim, ndim), axis)
    return Flip(int(axis) % ndim).apply((x,))[0]
