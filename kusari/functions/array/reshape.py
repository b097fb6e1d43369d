"""Reshape."""

from kusari import core
from kusari.functions._checks import fail


class Reshape(core.FunctionNode):
    """Gives an array a new shape without copying where possible."""

    def __init__(self, shape):
        self.shape = shape

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        try:
            return x.reshape(self.shape),
        except ValueError:
            fail('reshape', 'shape', 'a shape with {} elements'.format(x.size),
                 '{} for input of shape {}'.format(self.shape, x.shape))

    def backward(self, indexes, grad_outputs):
        return reshape(grad_outputs[0], self._in_shape),

    def backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0].reshape(self._in_shape),


def reshape(x, shape):
    """Reshapes ``x`` to ``shape`` (one entry may be -1).

    Args:
        x (Variable or array): input of any shape.
        shape (tuple of int): new shape, with as many elements as ``x``.

    Returns:
        Variable: the reshaped variable, of shape ``shape`` (the -1 entry filled in)
        and ``x``'s dtype. ``x`` itself (as a Variable) when it already has that
        shape.
    """
    if isinstance(shape, int):
        shape = (shape,)
    if getattr(x, 'shape', None) == tuple(shape):
        return core.as_variable(x)
    return Reshape(tuple(shape)).apply((x,))[0]
