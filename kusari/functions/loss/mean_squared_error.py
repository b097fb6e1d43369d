"""Mean squared error."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions._forms import ArrayForm, GraphForm


class MeanSquaredError(core.FunctionNode):
    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x0, x1 = inputs
        check_float('mean_squared_error', 'x0', x0)
        check_same_dtype('mean_squared_error', x0, x1)
        if x0.shape != x1.shape:
            fail('mean_squared_error', 'shapes of x0 and x1', 'equal shapes',
                 '{} and {}'.format(x0.shape, x1.shape))
        diff = (x0 - x1).ravel()
        # the mean of no elements is NaN, as in Chainer and NumPy (without their warning)
        mean = diff.dot(diff) / diff.size if diff.size else float('nan')
        return get_array_module(x0).asarray(mean, dtype=x0.dtype),

    def backward(self, indexes, grad_outputs):
        return _gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return _gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)


def _gradients(indexes, gy, x0, x1, form):
    """The gradients of the targets among (x0, x1), in ``form`` (see _forms)."""
    gx0 = (x0 - x1) * form.broadcast_to(gy * (2.0 / max(x0.size, 1)), x0.shape)
    return tuple(gx0 if i == 0 else -gx0 for i in indexes)


def mean_squared_error(x0, x1):
    """Mean of the squared differences of ``x0`` and ``x1`` over all elements.

    Args:
        x0 (Variable or array): predictions, a float array of any shape.
        x1 (Variable or array): targets of ``x0``'s shape and dtype.

    Returns:
        Variable: a scalar (shape ``()``) of ``x0``'s dtype,
        ``sum((x0 - x1) ** 2) / x0.size``.

    >>> import numpy as np
    >>> mean_squared_error(np.array([1., 3.], dtype=np.float32),
    ...                    np.array([1., 1.], dtype=np.float32)).array
    array(2., dtype=float32)
    """
    return MeanSquaredError().apply((x0, x1))[0]
