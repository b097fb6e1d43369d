"""Repeating elements along an axis."""

import numbers

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array._axes import axis_of
from kusari.functions.array.reshape import reshape


class Repeat(core.FunctionNode):
    """``numpy.repeat(x, repeats, axis)`` for an int axis; the gradient sums the copies."""

    _input_indexes_to_retain = (0,)  # x on the graph (VariableNode.data), as in Chainer's

    def __init__(self, repeats, axis):
        self.repeats = repeats
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return get_array_module(x).repeat(x, self.repeats, self.axis),

    def backward(self, indexes, grad_outputs):
        return RepeatGrad(self.repeats, self.axis, self._in_shape).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return RepeatGrad(self.repeats, self.axis, self._in_shape).forward(grad_outputs)


class RepeatGrad(core.FunctionNode):
    """Sums each group of repeated slices of ``g`` back into one slice."""

    def __init__(self, repeats, axis, in_shape):
        self.repeats = repeats
        self.axis = axis
        self.in_shape = in_shape

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        axis, n = self.axis, self.in_shape[self.axis]
        if len(self.repeats) == 1:
            r = self.repeats[0]
            grouped = g.reshape(g.shape[:axis] + (n, r) + g.shape[axis + 1:])
            return grouped.sum(axis=axis + 1),
        owner = xp.repeat(xp.arange(n), self.repeats)
        moved = xp.moveaxis(g, axis, 0)
        gx = xp.zeros((n,) + moved.shape[1:], g.dtype)
        if xp is numpy:
            xp.add.at(gx, owner, moved)
        else:
            import cupyx
            cupyx.scatter_add(gx, owner, moved)
        return xp.moveaxis(gx, 0, axis),

    def backward(self, indexes, grad_outputs):
        return Repeat(self.repeats, self.axis).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return Repeat(self.repeats, self.axis).forward(grad_outputs)


def repeat(x, repeats, axis=None):
    """Repeats each element of ``x``, as ``numpy.repeat`` does.

    Args:
        x (Variable or array): input of any shape.
        repeats (int or sequence of int): how many times each element (or each
            slice along ``axis``) is repeated; one value, or one per slice.
        axis (int): the axis to repeat along; None repeats the flattened ``x``.

    Returns:
        Variable: the repeated variable, of ``x``'s dtype and of ``x``'s shape
        except along ``axis``, whose length becomes ``x.shape[axis] * repeats``
        (one value) or ``sum(repeats)``; 1-d when ``axis`` is None.
    """
    repeats = (repeats,) if isinstance(repeats, numbers.Integral) else tuple(repeats)
    if not all(isinstance(r, numbers.Integral) for r in repeats):  # bools count, as in NumPy
        fail('repeat', 'repeats', 'an int or a sequence of ints', repeats)
    repeats = tuple(int(r) for r in repeats)
    if any(r < 0 for r in repeats):
        fail('repeat', 'repeats', 'non-negative ints', repeats)
    x = core.as_variable(x)
    if axis is None:
        x = reshape(x, (x.size,))
        axis = 0
    axis = axis_of('repeat', axis, x.ndim)
    if len(repeats) not in (1, x.shape[axis]):
        fail('repeat', 'repeats', 'one value or {} values (x.shape[{}])'.format(
            x.shape[axis], axis), '{} values'.format(len(repeats)))
    return Repeat(repeats, axis).apply((x,))[0]
