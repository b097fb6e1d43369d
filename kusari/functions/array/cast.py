"""Casting to another dtype."""

import numpy

from kusari import core
from kusari.configuration import config


class Cast(core.FunctionNode):
    """Converts the array to the dtype ``type``; the gradient is cast back."""

    def __init__(self, typ):
        self.type = typ

    def forward(self, inputs):
        x, = inputs
        self._in_dtype = x.dtype
        return x.astype(self.type, copy=False),

    def backward(self, indexes, grad_outputs):
        return cast(grad_outputs[0], self._in_dtype),

    def backward_arrays(self, indexes, grad_outputs):
        return Cast(self._in_dtype).forward(grad_outputs)


def cast(x, typ):
    """Casts ``x`` to the dtype ``typ``.

    Args:
        x (Variable or array): input of any shape.
        typ (dtype or str): the target dtype.

    Returns:
        Variable: ``x`` as ``typ``, of ``x``'s shape and dtype ``typ``. When ``x``
        already has that dtype and no graph is being recorded, ``x`` itself (as a
        Variable).
    """
    typ = numpy.dtype(typ)
    if core.as_array(x).dtype == typ and not config.enable_backprop:
        return core.as_variable(x)
    return Cast(typ).apply((x,))[0]
