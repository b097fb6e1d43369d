"""Mean absolute error."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.loss._validate import check_same_shape


class MeanAbsoluteError(core.FunctionNode):
    """Mean of ``|x0 - x1|``; its backward uses the constant ``sign(x0 - x1)``."""

    def forward(self, inputs):
        x0, x1 = inputs
        check_float('mean_absolute_error', 'x0', x0)
        check_same_dtype('mean_absolute_error', x0, x1)
        check_same_shape('mean_absolute_error', x0, x1, ('x0', 'x1'))
        xp = get_array_module(x0)
        diff = x0 - x1
        self.sign = xp.sign(diff)
        # float16 sums in float32, as in Chainer (a float16 sum overflows at 65504)
        total = xp.abs(diff).sum(dtype=xp.float32 if diff.dtype == xp.float16 else None)
        # the mean of no elements is NaN, as in Chainer and NumPy (without their warning)
        return xp.asarray(total / diff.size if diff.size else float('nan'), dtype=x0.dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], ArrayForm)

    def _gradients(self, indexes, gy, form):
        """The gradients of the targets among (x0, x1), in ``form`` (see _forms)."""
        size = max(self.sign.size, 1)
        gx0 = form.broadcast_to(gy * (1.0 / size), self.sign.shape) * self.sign
        return tuple(gx0 if i == 0 else -gx0 for i in indexes)


def mean_absolute_error(x0, x1):
    """Mean of the absolute differences of ``x0`` and ``x1`` (a scalar).

    Args:
        x0, x1 (Variable or array): float arrays of any shape, the same shape and
            dtype for both.

    Returns:
        Variable: a scalar (shape ``()``) of ``x0``'s dtype; nan for empty inputs.
    """
    return MeanAbsoluteError().apply((x0, x1))[0]
