"""Parametric ReLU with a learned slope per channel (or per element)."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions._forms import ArrayForm, GraphForm


def _slope_shape(x, w):
    return (1,) + w.shape + (1,) * (x.ndim - w.ndim - 1)


class PReLUFunction(core.FunctionNode):
    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x, w = inputs
        check_float('prelu', 'x', x)
        check_same_dtype('prelu', x, w, ('x', 'W'))
        if w.ndim >= x.ndim or x.shape[1:1 + w.ndim] != w.shape:
            fail('prelu', 'shape of W', 'x.shape[1:1 + W.ndim] with x.shape={}'.format(x.shape),
                 w.shape)
        xp = get_array_module(x)
        return xp.maximum(x, 0) + xp.minimum(x, 0) * w.reshape(_slope_shape(x, w)),

    def backward(self, indexes, grad_outputs):
        x, w = self.get_retained_inputs()
        return self._gradients(indexes, grad_outputs[0], x, w, x.array < 0, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        x, w = self.get_retained_arrays()
        return self._gradients(indexes, grad_outputs[0], x, w, x < 0, ArrayForm)

    @staticmethod
    def _gradients(indexes, gy, x, w, negative, form):
        """The gradients of the targets among (x, W), in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            if i == 0:
                slope = form.broadcast_to(form.reshape(w, _slope_shape(x, w)), x.shape)
                ret.append(form.scale_by_array(gy, ~negative)
                           + form.scale_by_array(gy * slope, negative))
            else:
                axes = (0,) + tuple(range(1 + w.ndim, x.ndim))
                ret.append(form.sum(form.scale_by_array(gy * x, negative), axis=axes))
        return tuple(ret)


def prelu(x, W):
    """Parametric ReLU: ``x`` where ``x >= 0``, ``W * x`` elsewhere.

    ``W`` (for example one slope per channel) is broadcast over the batch axis and the
    trailing axes.

    Args:
        x (Variable or array): input of shape ``(N, C, ...)``, a float array.
        W (Variable or array): slopes of the negative part, of shape
            ``x.shape[1:1 + W.ndim]`` and ``x``'s dtype, e.g. ``(C,)``.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return PReLUFunction().apply((x, W))[0]
