"""Concatenated ReLU: ``concat(relu(x), relu(-x))`` along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.array._axes import axis_of


class CReLU(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, axis):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        check_float('crelu', 'x', x)
        xp = get_array_module(x)
        return xp.concatenate((xp.maximum(x, 0), xp.maximum(-x, 0)), axis=self.axis),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0].array
        return CReLUGrad(x > 0, x < 0, self.axis).apply(grad_outputs)


class CReLUGrad(core.FunctionNode):
    """``gy`` halves along ``axis`` masked and combined: ``gy1 * pos - gy2 * neg`` (linear)."""

    def __init__(self, positive, negative, axis):
        self.positive = positive
        self.negative = negative
        self.axis = axis

    def forward(self, inputs):
        gy, = inputs
        xp = get_array_module(gy)
        first, second = xp.split(gy, 2, axis=self.axis)
        return first * self.positive - second * self.negative,

    def backward(self, indexes, grad_outputs):
        return CReLUGradAdjoint(self.positive, self.negative, self.axis).apply(grad_outputs)


class CReLUGradAdjoint(core.FunctionNode):
    """The adjoint of CReLUGrad: ``concat(g * pos, -g * neg)`` along ``axis``."""

    def __init__(self, positive, negative, axis):
        self.positive = positive
        self.negative = negative
        self.axis = axis

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        return xp.concatenate((g * self.positive, -(g * self.negative)), axis=self.axis),

    def backward(self, indexes, grad_outputs):
        return CReLUGrad(self.positive, self.negative, self.axis).apply(grad_outputs)


def crelu(x, axis=1):
    """Concatenated ReLU: ``relu(x)`` and ``relu(-x)`` joined along ``axis``.

    The output has twice ``x``'s length along ``axis``.

    Args:
        x (Variable or array): float input with at least one axis, e.g. of shape
            ``(N, C)``.
        axis (int): the axis to join along.

    Returns:
        Variable: of ``x``'s dtype and of ``x``'s shape except twice as long along
        ``axis``, e.g. ``(N, 2 * C)``; ``relu(x)`` comes first.
    """
    if x.ndim == 0:
        fail('crelu', 'x', 'an array with at least one axis', 'a 0-d array')
    return CReLU(axis_of('crelu', axis, x.ndim)).apply((x,))[0]
