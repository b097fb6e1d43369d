"""Separating an array into its slices along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._forms import ArrayForm, GraphForm, zeros_for_missing
from kusari.functions.array._axes import axis_of


class Separate(core.FunctionNode):
    """The slices ``x[..., i, ...]`` along ``axis``; the gradient stacks them."""

    def __init__(self, axis):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        self.axis = axis_of('separate', self.axis, x.ndim)
        self._shape = x.shape[:self.axis] + x.shape[self.axis + 1:]
        self._dtype = x.dtype
        lead = (slice(None),) * self.axis
        xp = get_array_module(x)
        return tuple(xp.asarray(x[lead + (i,)]) for i in range(x.shape[self.axis]))

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, ArrayForm),

    def _gradient(self, gys, form):
        """The slices' gradients (zeros for those without) stacked, in ``form`` (see
        _forms)."""
        from kusari.functions.array.stack import Stack
        gys = zeros_for_missing(gys, [self._shape] * len(gys), self._dtype)
        return form.run(Stack(self.axis), gys)[0]


def separate(x, axis=0):
    """Separates ``x`` into the variables ``x[..., i, ...]`` along ``axis``.

    Args:
        x (Variable or array): input of any shape with at least one axis.
        axis (int): the axis to separate along.

    Returns:
        tuple of Variable: ``x.shape[axis]`` variables of ``x``'s dtype, each of
        ``x``'s shape without that axis (e.g. ``A`` variables of shape ``(B, C)``
        for ``x`` of shape ``(A, B, C)`` and ``axis=0``).
    """
    return Separate(axis).apply((x,))
