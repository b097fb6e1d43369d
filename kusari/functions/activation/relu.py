"""Rectified linear unit."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float


# numpy's attributes read as globals (see tanh)
_ndarray, _maximum = numpy.ndarray, numpy.maximum


def _relu(x):
    return _maximum(x, 0)


def _relu_gradient(y, gy):
    return gy * (y > 0)


class ReLU(core.FunctionNode):
    _output_indexes_to_retain = (0,)  # fixed, so declared instead of retained per call
    gradient_kernel = staticmethod(_relu_gradient)  # (y, gy): the array form

    def forward(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            check_float('relu', 'x', x)
        if type(x) is _ndarray:
            return _relu(x),
        return get_array_module(x).maximum(x, 0),

    def replay_kernel(self, inputs):  # see static_graph
        return _relu if type(inputs[0]) is _ndarray else None

    def backward(self, indexes, grad_outputs):
        # gy times the constant mask y > 0: a recorded product, whose gradient is the
        # same product
        return grad_outputs[0] * (self.get_retained_outputs()[0].array > 0),


def relu(x):
    """Rectified linear unit: ``max(0, x)`` elementwise.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype. The gradient is ``gy`` where ``x > 0``
        and 0 elsewhere.

    >>> import numpy as np
    >>> relu(np.array([-1., 0., 2.], dtype=np.float32)).array
    array([0., 0., 2.], dtype=float32)
    """
    return ReLU().apply((x,))[0]
