"""Piecewise-linear approximation of the sigmoid."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.math._elementwise import force_array, scale_by_array


class HardSigmoid(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        x, = inputs
        check_float('hard_sigmoid', 'x', x)
        y = x * x.dtype.type(0.2) + x.dtype.type(0.5)
        return force_array(get_array_module(x).clip(y, 0, 1), x.dtype),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0].array
        slope = (abs(x) < 2.5) * x.dtype.type(0.2)
        return scale_by_array(grad_outputs[0], slope),


def hard_sigmoid(x):
    """Hard sigmoid ``clip(0.2 * x + 0.5, 0, 1)``.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, with values in ``[0, 1]``.
    """
    return HardSigmoid().apply((x,))[0]
