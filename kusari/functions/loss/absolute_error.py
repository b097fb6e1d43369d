"""Elementwise absolute error."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype
from kusari.functions.loss._validate import check_same_shape


class AbsoluteError(core.FunctionNode):
    """``|x0 - x1|``; its backward multiplies by the constant ``sign(x0 - x1)``."""

    def forward(self, inputs):
        x0, x1 = inputs
        check_float('absolute_error', 'x0', x0)
        check_same_dtype('absolute_error', x0, x1)
        check_same_shape('absolute_error', x0, x1, ('x0', 'x1'))
        xp = get_array_module(x0)
        diff = x0 - x1
        self.sign = xp.sign(diff)
        return xp.abs(diff),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0])

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0])

    def _gradients(self, indexes, gy):
        """The gradients of the targets among (x0, x1), of a Variable or an array ``gy``:
        operators alone, so both forms."""
        gx0 = gy * self.sign
        return tuple(gx0 if i == 0 else -gx0 for i in indexes)


def absolute_error(x0, x1):
    """Elementwise absolute difference ``|x0 - x1|``.

    Args:
        x0, x1 (Variable or array): float arrays of any shape, the same shape and
            dtype for both.

    Returns:
        Variable: of the inputs' shape and dtype.
    """
    return AbsoluteError().apply((x0, x1))[0]
