"""Piecewise-linear approximation of the sigmoid."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class HardSigmoid(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        x, = inputs
        check_float('hard_sigmoid', 'x', x)
        y = x * x.dtype.type(0.2) + x.dtype.type(0.5)
        return force_array(get_array_module(x).clip(y, 0, 1), x.dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], self.get_retained_inputs()[0].array, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    @staticmethod
    def _gradient(gy, x, form):
        return form.scale_by_array(gy, (abs(x) < 2.5) * x.dtype.type(0.2))


def hard_sigmoid(x):
    """Hard sigmoid ``clip(0.2 * x + 0.5, 0, 1)``.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, with values in ``[0, 1]``.
    """
    return HardSigmoid().apply((x,))[0]
