"""Transpose."""

from kusari import core
from kusari.functions._checks import fail


class Transpose(core.FunctionNode):
    """Permutes the axes of an array."""

    def __init__(self, axes=None):
        self.axes = axes

    def forward(self, inputs):
        x, = inputs
        if self.axes is not None and (
                not all(-x.ndim <= a < x.ndim for a in self.axes)
                or sorted(a % x.ndim for a in self.axes) != list(range(x.ndim))):
            fail('transpose', 'axes', 'a permutation of the {} axes of x'.format(x.ndim),
                 self.axes)
        return x.transpose(self.axes),

    def backward(self, indexes, grad_outputs):
        return transpose(grad_outputs[0], self._inverse_axes()),

    def backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0].transpose(self._inverse_axes()),

    def _inverse_axes(self):
        """The permutation that undoes ``axes`` (None, reversing, undoes itself)."""
        if self.axes is None:
            return None
        inverse = [0] * len(self.axes)
        for i, a in enumerate(self.axes):
            inverse[a % len(self.axes)] = i
        return tuple(inverse)


def transpose(x, axes=None):
    """Permutes the dimensions of ``x`` (reverses them when ``axes`` is None).

    Args:
        x (Variable or array): input of any shape.
        axes (tuple of ints or None): the new order of the axes, a permutation of
            ``range(x.ndim)`` (negative ones count from the end).

    Returns:
        Variable: of shape ``tuple(x.shape[a] for a in axes)`` and ``x``'s dtype.
    """
    return Transpose(None if axes is None else tuple(axes)).apply((x,))[0]
