"""Product over axes."""

import math

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.array._axes import reduction_axes
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.flip import flip
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.math.cumprod import cumprod, shift, unit_vector


class Prod(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, axis, keepdims):
        self.axis = axis
        self.keepdims = keepdims

    def forward(self, inputs):
        x, = inputs
        check_float('prod', 'x', x)
        return get_array_module(x).prod(x, axis=self.axis, keepdims=self.keepdims),

    def backward(self, indexes, grad_outputs):
        # d prod / d x[i] = prod(x[:i]) * prod(x[i + 1:]) over the reduced elements: shifted
        # cumulative products from either end, so zeros in x need no division.
        x, = self.get_retained_inputs()
        if x.size == 0:
            return None,
        kept = tuple(a for a in range(x.ndim) if a not in self.axis)
        order = kept + self.axis
        kept_shape = tuple(x.shape[a] for a in kept)
        n = math.prod(x.shape[a] for a in self.axis)
        flat = reshape(transpose(x, order), kept_shape + (n,))
        last = len(kept_shape)
        first_one = unit_vector(x.xp, flat.shape, last, 0, x.dtype)
        last_one = unit_vector(x.xp, flat.shape, last, -1, x.dtype)
        before = shift(cumprod(flat, axis=last), 1, last) + first_one
        after = shift(flip(cumprod(flip(flat, last), axis=last), last), -1, last) + last_one
        gy = broadcast_to(reshape(grad_outputs[0], kept_shape + (1,)), flat.shape)
        gx = reshape(before * after * gy, tuple(x.shape[a] for a in order))
        inverse = [0] * x.ndim
        for position, a in enumerate(order):
            inverse[a] = position
        return transpose(gx, tuple(inverse)),


def prod(x, axis=None, keepdims=False):
    """Product of the elements of ``x`` over ``axis`` (None: all axes).

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of ints): axes to reduce (negative count from the
            end); None reduces all of them.
        keepdims (bool): keep the reduced axes with length 1.

    Returns:
        Variable: ``x``'s shape without the reduced axes (with them as 1 when
        ``keepdims``), of ``x``'s dtype.
    """
    return Prod(reduction_axes('prod', axis, x.ndim), keepdims).apply((x,))[0]
