"""Padding variable-length sequences into one array."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array.get_item import get_item


class PadSequence(core.FunctionNode):
    """Stacks sequences of lengths ``L_i`` into ``(n, length, ...)`` with a fill value."""

    def __init__(self, length, padding):
        self.length = length
        self.padding = padding

    def forward(self, xs):
        x0 = xs[0]
        for i, x in enumerate(xs):
            if x.ndim == 0 or x.shape[1:] != x0.shape[1:] or x.dtype != x0.dtype:
                fail('pad_sequence', 'xs[{}]'.format(i),
                     'an array of shape (L, *{}) and dtype {}'.format(x0.shape[1:], x0.dtype),
                     'shape {} and dtype {}'.format(x.shape, x.dtype))
        self._lengths = [len(x) for x in xs]
        longest = max(self._lengths)
        length = longest if self.length is None else self.length
        if length < longest:
            fail('pad_sequence', 'length', 'at least the longest length {}'.format(longest),
                 length)
        # cast as C does (-1 pads unsigned arrays with their largest value, as in Chainer)
        # (a Python scalar: CuPy's full takes no host array)
        fill = numpy.asarray(self.padding).astype(x0.dtype).item()
        y = get_array_module(*xs).full((len(xs), length) + x0.shape[1:], fill, x0.dtype)
        for i, x in enumerate(xs):
            y[i, :len(x)] = x
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple(get_item(gy, (i, slice(0, self._lengths[i]))) for i in indexes)


def pad_sequence(xs, length=None, padding=0):
    """Pads sequences of different lengths to one length and stacks them.

    Args:
        xs (list of Variable or array): sequences of shapes ``(L_i, ...)`` that
            agree after the first axis.
        length (int): the padded length (None: the longest ``L_i``).
        padding (scalar): the fill value.

    Returns:
        Variable: an array of shape ``(len(xs), length, ...)`` and the inputs' dtype.
    """
    xs = tuple(xs)
    if not xs:
        fail('pad_sequence', 'xs', 'at least one sequence', 'none')
    return PadSequence(length, padding).apply(xs)[0]
