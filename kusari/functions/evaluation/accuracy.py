"""Classification accuracy."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail


def check_labels(func, y, t):
    """Check that ``t`` holds integer labels for ``y``'s rows (scores along axis 1)."""
    if t.dtype.kind not in 'iu':
        fail(func, 't', 'an integer label array', 'dtype {}'.format(t.dtype))
    # t's shape is y's without axis 1, and y may carry trailing axes of length one.
    if (y.ndim < t.ndim + 1 or y.shape[:1] != t.shape[:1]
            or y.shape[2:t.ndim + 1] != t.shape[1:] or any(n != 1 for n in y.shape[t.ndim + 1:])):
        fail(func, 'shapes of y and t', 't.shape == y.shape without axis 1',
             '{} and {}'.format(y.shape, t.shape))


class Accuracy(core.FunctionNode):
    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def forward(self, inputs):
        y, t = inputs
        check_labels('accuracy', y, t)
        xp = get_array_module(y)
        pred = y.argmax(axis=1).reshape(t.shape)
        if self.ignore_label is not None:
            valid = t != self.ignore_label
            # 0 when every label is ignored; computed on the device, without a sync.
            count = valid.sum()
            correct = ((pred == t) & valid).sum()
            return xp.asarray(correct / xp.maximum(count, 1), dtype=y.dtype),
        return xp.asarray((pred == t).mean() if t.size else 0.0, dtype=y.dtype),


def accuracy(y, t, ignore_label=None):
    """Fraction of samples whose highest score (along axis 1 of ``y``) is the label in ``t``.

    Args:
        y (Variable or array): scores of shape ``(n, classes)`` or
            ``(n, classes, d_1, ..., d_k)``.
        t (Variable or array): integer labels of shape ``(n,)`` or
            ``(n, d_1, ..., d_k)`` (``y``'s shape without axis 1).
        ignore_label (int): samples with this label are not counted (the accuracy
            is 0 when every sample is ignored).

    Returns:
        Variable: a scalar (shape ``()``) of ``y``'s dtype. The function is not
        differentiable.
    """
    return Accuracy(ignore_label).apply((y, t))[0]
