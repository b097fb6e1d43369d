"""Binary classification accuracy."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail


class BinaryAccuracy(core.FunctionNode):
    ignore_label = -1

    def forward(self, inputs):
        y, t = inputs
        check_float('binary_accuracy', 'y', y)
        if t.dtype.kind != 'i':
            fail('binary_accuracy', 't', 'a signed integer label array', 'dtype {}'.format(
                t.dtype))
        if t.shape != y.shape:
            fail('binary_accuracy', 'shapes of y and t', 'equal shapes', '{} and {}'.format(
                y.shape, t.shape))
        xp = get_array_module(y)
        count = xp.maximum((t != self.ignore_label).sum(), 1)  # stays on the device
        return xp.asarray(((y >= 0) == t).sum() / count, dtype=y.dtype),


def binary_accuracy(y, t):
    """Accuracy of binary predictions: sample ``i`` is predicted positive when ``y[i] >= 0``.

    Args:
        y (Variable or array): float scores of any shape, e.g. ``(n,)`` or ``(n, k)``
            for ``k`` binary labels per sample.
        t (Variable or array): signed integer labels of ``y``'s shape: 1 positive,
            0 negative, -1 ignored (the accuracy is 0 when every label is -1).

    Returns:
        Variable: a scalar (shape ``()``) of ``y``'s dtype. The function is not
        differentiable.
    """
    return BinaryAccuracy().apply((y, t))[0]
