"""Leaky rectified linear unit."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class LeakyReLU(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, slope):
        self.slope = slope

    def forward(self, inputs):
        x, = inputs
        check_float('leaky_relu', 'x', x)
        xp = get_array_module(x)
        # Arithmetic instead of xp.where, which is several times slower on the CPU.
        y = force_array(x * x.dtype.type(self.slope))
        if 0 <= self.slope <= 1:
            return xp.maximum(y, x, out=y),
        return xp.maximum(x, 0) + xp.minimum(x, 0) * x.dtype.type(self.slope),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], self.get_retained_inputs()[0].array, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, form):
        slope = (x >= 0).astype(x.dtype)  # 1 where x >= 0, self.slope elsewhere
        slope *= 1 - self.slope
        slope += self.slope
        return form.scale_by_array(gy, slope)


def leaky_relu(x, slope=0.2):
    """Leaky ReLU: ``x`` where ``x >= 0``, ``slope * x`` elsewhere.

    Args:
        x (Variable or array): input of any shape, a float array.
        slope (float): the slope of the negative part.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return LeakyReLU(slope).apply((x,))[0]
