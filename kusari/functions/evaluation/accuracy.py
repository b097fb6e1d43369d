"""Classification accuracy."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail


class Accuracy(core.FunctionNode):
    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def forward(self, inputs):
        y, t = inputs
        if t.dtype.kind not in 'iu':
            fail('accuracy', 't', 'an integer label array', 'dtype {}'.format(t.dtype))
        if y.shape[:1] + y.shape[2:] != t.shape:
            fail('accuracy', 'shapes of y and t', 't.shape == y.shape without axis 1',
                 '{} and {}'.format(y.shape, t.shape))
        xp = get_array_module(y)
        pred = y.argmax(axis=1).reshape(t.shape)
        if self.ignore_label is not None:
            valid = t != self.ignore_label
            count = valid.sum()
            if count == 0:
                return xp.asarray(0.0, dtype=y.dtype),
            return xp.asarray(((pred == t) & valid).sum() / count, dtype=y.dtype),
        return xp.asarray((pred == t).mean() if t.size else 0.0, dtype=y.dtype),


def accuracy(y, t, ignore_label=None):
    """Fraction of rows of ``y`` whose argmax along axis 1 equals the label in ``t``."""
    return Accuracy(ignore_label).apply((y, t))[0]
