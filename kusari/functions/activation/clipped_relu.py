"""ReLU clipped from above: ``min(max(0, x), z)``, and ReLU6."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class ClippedReLU(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, z):
        self.cap = z

    def forward(self, inputs):
        x, = inputs
        check_float('clipped_relu', 'x', x)
        return force_array(get_array_module(x).clip(x, 0, self.cap), x.dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], self.get_retained_inputs()[0].array, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, form):
        return form.scale_by_array(gy, (x > 0) & (x < self.cap))


def clipped_relu(x, z=20.0):
    """Clipped ReLU ``min(max(0, x), z)``.

    Args:
        x (Variable or array): input of any shape, a float array.
        z (float): the upper bound (positive).

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    if not z > 0:
        raise ValueError('clipped_relu: z must be positive, but got {}'.format(z))
    return ClippedReLU(z).apply((x,))[0]


def relu6(x):
    """ReLU6 ``min(max(0, x), 6)``.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return clipped_relu(x, 6.0)
