"""Exponential linear unit."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class ELU(core.FunctionNode):
    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, alpha):
        self.alpha = alpha

    def forward(self, inputs):
        x, = inputs
        check_float('elu', 'x', x)
        xp = get_array_module(x)
        # max(x, 0) + alpha * expm1(min(x, 0)): no overflow, and faster than xp.where.
        y = force_array(xp.expm1(xp.minimum(x, 0)))
        y *= x.dtype.type(self.alpha)
        y += xp.maximum(x, 0)
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return self._gradient(grad_outputs[0], x.array, y, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, y, form):
        positive = x > 0
        # For x <= 0 the derivative alpha * exp(x) is y + alpha.
        return (form.scale_by_array(gy, positive)
                + form.scale_by_array(gy * (y + self.alpha), ~positive))


def elu(x, alpha=1.0):
    """Exponential linear unit: ``x`` where ``x > 0``, ``alpha * (exp(x) - 1)`` elsewhere.

    Args:
        x (Variable or array): input of any shape, a float array.
        alpha (float): the scale of the negative part.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return ELU(alpha).apply((x,))[0]
