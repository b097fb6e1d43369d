"""Sum over axes."""

from kusari import core
from kusari.functions.array._axes import reduction_axes
from kusari.functions.array.broadcast import _broadcast_to
from kusari.functions.array.broadcast import broadcast_to, sum_to  # noqa: F401 - Chainer has sum_to here too
from kusari.functions.array.reshape import reshape


class Sum(core.FunctionNode):
    """Sum over ``axis`` (a tuple of non-negative axes)."""

    def __init__(self, axis, keepdims):
        self.axis = axis
        self.keepdims = keepdims

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return x.sum(axis=self.axis, keepdims=self.keepdims),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], reshape, broadcast_to),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], _reshape_array, _broadcast_to),

    def _gradient(self, gy, reshape, broadcast_to):
        """``gy`` spread over the summed axes, on Variables or on arrays (the form of
        the ``reshape`` and ``broadcast_to`` given)."""
        if not self.keepdims:
            shape = tuple(1 if i in self.axis else d for i, d in enumerate(self._in_shape))
            gy = reshape(gy, shape)
        return broadcast_to(gy, self._in_shape)


def _reshape_array(array, shape):
    return array.reshape(shape)


def sum(x, axis=None, keepdims=False):
    """Sum of the elements of ``x`` over ``axis``.

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of int): axes to sum over; None sums all of them
            (negative axes count from the end).
        keepdims (bool): keep the summed axes with length 1.

    Returns:
        Variable: of ``x``'s dtype and shape without the summed axes (with them as
        1 when ``keepdims``): a scalar of shape ``()`` for ``axis=None``.

    >>> import numpy as np
    >>> sum(np.ones((2, 3), dtype=np.float32), axis=1).array
    array([3., 3.], dtype=float32)
    """
    axes = reduction_axes('sum', axis, x.ndim)
    return Sum(axes, keepdims).apply((x,))[0]
