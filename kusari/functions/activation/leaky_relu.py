"""Leaky rectified linear unit."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.math._elementwise import force_array, scale_by_array


class LeakyReLU(core.FunctionNode):
    def __init__(self, slope):
        self.slope = slope

    def forward(self, inputs):
        x, = inputs
        check_float('leaky_relu', 'x', x)
        self.retain_inputs((0,))
        return force_array(get_array_module(x).where(x >= 0, x, x * x.dtype.type(self.slope))),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0].array
        slope = get_array_module(x).where(x >= 0, x.dtype.type(1), x.dtype.type(self.slope))
        return scale_by_array(grad_outputs[0], slope),


def leaky_relu(x, slope=0.2):
    """Leaky ReLU: ``x`` where ``x >= 0``, ``slope * x`` elsewhere."""
    return LeakyReLU(slope).apply((x,))[0]
