"""Elementwise squared error (``squared_error`` and ``squared_difference``)."""

from kusari import core
from kusari.functions._checks import check_float, check_same_dtype
from kusari.functions.loss._validate import check_same_shape


class SquaredError(core.FunctionNode):
    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x0, x1 = inputs
        check_float('squared_error', 'x0', x0)
        check_same_dtype('squared_error', x0, x1)
        check_same_shape('squared_error', x0, x1, ('x0', 'x1'))
        diff = x0 - x1
        return diff * diff,

    def backward(self, indexes, grad_outputs):
        return _gradients(indexes, grad_outputs[0], *self.get_retained_inputs())

    def backward_arrays(self, indexes, grad_outputs):
        return _gradients(indexes, grad_outputs[0], *self.get_retained_arrays())


def _gradients(indexes, gy, x0, x1):
    """The gradients of the targets among (x0, x1), of Variables or of arrays: operators
    alone, so both forms."""
    gx0 = (x0 - x1) * gy * 2.0
    return tuple(gx0 if i == 0 else -gx0 for i in indexes)


def squared_error(x0, x1):
    """Elementwise squared difference ``(x0 - x1) ** 2``.

    Args:
        x0, x1 (Variable or array): float arrays of any shape, the same shape and
            dtype for both.

    Returns:
        Variable: of the inputs' shape and dtype.
    """
    return SquaredError().apply((x0, x1))[0]


def squared_difference(x1, x2):
    """:func:`squared_error` under Chainer's other argument names: ``(x1 - x2) ** 2``.

    Args:
        x1 (Variable or array): a float array of any shape.
        x2 (Variable or array): an array of ``x1``'s shape and dtype.

    Returns:
        Variable: of ``x1``'s shape and dtype (elementwise, not reduced).
    """
    return squared_error(x1, x2)
