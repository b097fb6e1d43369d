"""Hyperbolic tangent."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm

_float32 = numpy.dtype(numpy.float32)
# numpy's attributes read as globals: a read through the module costs 13 ns each (its
# module __getattr__ keeps Python 3.11 from specializing it), 3% of an inference op
_ndarray, _tanh = numpy.ndarray, numpy.tanh


class TanhGrad(core.FunctionNode):
    """``gy * (1 - y**2)`` from tanh's output ``y`` and ``gy``."""

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        return self.gradient(*inputs),

    @staticmethod
    def gradient(y, gy):
        # gy - gy * y * y: no Python scalar to convert, which costs more than an op
        # on a small array
        gy_y2 = gy * y
        gy_y2 *= y
        return gy - gy_y2

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    @staticmethod
    def _gradients(indexes, g, y, gy, form):
        """The gradients of the targets among (y, gy), in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            ret.append(-2 * g * gy * y if i == 0 else form.run(TanhGrad(), (y, g))[0])
        return tuple(ret)


class Tanh(core.FunctionNode):
    # What backward keeps is fixed, so it is declared here rather than by a
    # retain_outputs() call per forward; tanh is the per-op overhead benchmark.
    _output_indexes_to_retain = (0,)
    gradient_kernel = staticmethod(TanhGrad.gradient)  # (y, gy): the array form

    def forward(self, inputs):
        x, = inputs
        dtype = x.dtype
        # float32, the default, passes by identity without reading the kind: 280
        if dtype is not _float32 and dtype.kind != 'f':
            check_float('tanh', 'x', x)
        if type(x) is _ndarray:
            return _tanh(x),
        return get_array_module(x).tanh(x),

    def replay_kernel(self, inputs):  # see static_graph
        return _tanh if type(inputs[0]) is _ndarray else None

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return TanhGrad().apply((y, grad_outputs[0]))


def tanh(x):
    """Elementwise hyperbolic tangent.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, with values in ``(-1, 1)``; the
        gradient is ``gy * (1 - y ** 2)``.

    >>> import numpy as np
    >>> tanh(np.array([0.], dtype=np.float32)).array
    array([0.], dtype=float32)
    """
    return Tanh().apply((x,))[0]
