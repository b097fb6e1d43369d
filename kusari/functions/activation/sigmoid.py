"""Logistic sigmoid."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class SigmoidGrad(core.FunctionNode):
    """``gy * y * (1 - y)`` from the sigmoid's output ``y`` and ``gy``."""

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        return self.gradient(*inputs),

    @staticmethod
    def gradient(y, gy):
        return gy * y * (1 - y)

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    @staticmethod
    def _gradients(indexes, g, y, gy, form):
        """The gradients of the targets among (y, gy), in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            ret.append(g * gy * (1 - 2 * y) if i == 0 else form.run(SigmoidGrad(), (y, g))[0])
        return tuple(ret)


class Sigmoid(core.FunctionNode):
    _output_indexes_to_retain = (0,)  # fixed, so declared instead of retained per call
    gradient_kernel = staticmethod(SigmoidGrad.gradient)  # (y, gy): the array form

    def forward(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            check_float('sigmoid', 'x', x)
        xp = get_array_module(x)
        # 0.5 * tanh(0.5 x) + 0.5 is exact in float and never overflows.
        y = force_array(xp.tanh(x * x.dtype.type(0.5)))
        y *= 0.5
        y += 0.5
        return y,

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return SigmoidGrad().apply((y, grad_outputs[0]))


def sigmoid(x):
    """Elementwise logistic sigmoid ``1 / (1 + exp(-x))``, computed without overflow.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, with values in ``(0, 1)``.

    >>> import numpy as np
    >>> sigmoid(np.array([0.], dtype=np.float32)).array
    array([0.5], dtype=float32)
    """
    return Sigmoid().apply((x,))[0]
