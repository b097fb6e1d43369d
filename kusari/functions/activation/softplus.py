"""Softplus, a smooth approximation of ReLU."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.activation.sigmoid import Sigmoid
from kusari.functions.math._elementwise import force_array


class Softplus(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, beta):
        self.beta = beta

    def forward(self, inputs):
        x, = inputs
        check_float('softplus', 'x', x)
        xp = get_array_module(x)
        bx = force_array(x * x.dtype.type(self.beta))
        # log(1 + exp(bx)) = max(bx, 0) + log1p(exp(-|bx|)) never overflows.
        y = force_array(xp.log1p(xp.exp(-abs(bx))))  # in-place below keeps the dtype
        y += xp.maximum(bx, 0)
        y *= 1 / self.beta
        return y,

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_inputs(), GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, form):
        # beta in x's dtype (a NumPy float64 beta would promote arrays, not Variables)
        return gy * form.run(Sigmoid(), (x * x.dtype.type(self.beta),))[0]


def softplus(x, beta=1.0):
    """Softplus ``log(1 + exp(beta * x)) / beta``, computed without overflow.

    Args:
        x (Variable or array): input of any shape, a float array.
        beta (float): the sharpness (large values approach ``relu``).

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return Softplus(beta).apply((x,))[0]
