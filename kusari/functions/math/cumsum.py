"""Cumulative sum along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions.math._elementwise import force_array
from kusari.functions.math.cumprod import cumulative, unflattened


class Cumsum(core.FunctionNode):
    def __init__(self, axis, reverse=False):
        self.axis = axis
        self.reverse = reverse

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        if not self.reverse:
            return force_array(xp.cumsum(x, axis=self.axis), x.dtype),
        flipped = xp.flip(x, self.axis)
        return xp.ascontiguousarray(xp.flip(xp.cumsum(flipped, axis=self.axis), self.axis)),

    def backward(self, indexes, grad_outputs):
        gx, = Cumsum(self.axis, not self.reverse).apply(grad_outputs)
        return unflattened(self, gx),


def cumsum(x, axis=None):
    """Cumulative sum along ``axis`` (None: of the flattened array).

    Args:
        x (Variable or array): input of any shape.
        axis (None or int): the axis to accumulate along; None flattens ``x`` first.

    Returns:
        Variable: of ``x``'s shape (1-d of ``x.size`` for None) and dtype.
    """
    return cumulative('cumsum', Cumsum, x, axis)


