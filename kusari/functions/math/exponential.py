"""Exponential and logarithm."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float


class Exp(core.FunctionNode):
    def forward(self, inputs):
        x, = inputs
        check_float('exp', 'x', x)
        self.retain_outputs((0,))
        return get_array_module(x).exp(x),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return grad_outputs[0] * y,


class Log(core.FunctionNode):
    def forward(self, inputs):
        x, = inputs
        check_float('log', 'x', x)
        self.retain_inputs((0,))
        return get_array_module(x).log(x),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] / x,


def exp(x):
    """Elementwise exponential ``e ** x``."""
    return Exp().apply((x,))[0]


def log(x):
    """Elementwise natural logarithm."""
    return Log().apply((x,))[0]
