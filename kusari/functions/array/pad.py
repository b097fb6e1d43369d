"""Padding an array."""

import math

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array._flat_gather import flat_gather
from kusari.functions.array.get_item import get_item

# Modes whose padding copies elements of x, so that the gradient is a scatter-add.
_COPY_MODES = ('edge', 'reflect', 'symmetric', 'wrap')


class ConstantPad(core.FunctionNode):
    """``numpy.pad`` in constant mode; the gradient is the central slice."""

    def __init__(self, pad_width, keywords):
        self.pad_width = pad_width
        self.keywords = keywords

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = get_array_module(x)
        # NumPy cannot read an empty pad_width: a 0-d array gets the width 0.
        return xp.pad(x, self.pad_width or 0, mode='constant', **self.keywords),

    def backward(self, indexes, grad_outputs):
        center = tuple(slice(before, before + n)
                       for (before, _), n in zip(self.pad_width, self._in_shape))
        return get_item(grad_outputs[0], center),


def pad(x, pad_width, mode, **keywords):
    """Pads ``x`` as ``numpy.pad`` does.

    Args:
        x (Variable or array): input of any shape.
        pad_width (int or sequence): the widths padded before and after each axis,
            in ``numpy.pad``'s forms (``n``, ``(before, after)`` or one pair per axis).
        mode (str): ``'constant'`` (with keyword ``constant_values``), or one of the
            copying modes ``'edge'``, ``'reflect'``, ``'symmetric'`` and ``'wrap'``.
        **keywords: further keywords of ``numpy.pad`` for that mode.

    Returns:
        Variable: the padded variable, of ``x``'s dtype, each axis ``i`` being
        ``before_i + x.shape[i] + after_i`` long (e.g. of shape ``(4, 5)`` for ``x``
        of shape ``(2, 3)`` and ``pad_width=1``).
    """
    shape = core.as_array(x).shape
    try:
        requested = numpy.asarray(pad_width, dtype=numpy.int64)
        widths = numpy.broadcast_to(requested, (len(shape), 2))
    except (TypeError, ValueError):
        fail('pad', 'pad_width', 'an int, a pair or one pair per axis of {}'.format(shape),
             pad_width)
    # Checked as given: a 0-d x broadcasts any width away.
    if (requested < 0).any():
        fail('pad', 'pad_width', 'non-negative widths', pad_width)
    widths = tuple((int(a), int(b)) for a, b in widths)
    if mode == 'constant':
        return ConstantPad(widths, keywords).apply((x,))[0]
    if mode not in _COPY_MODES or keywords.get('reflect_type', 'even') != 'even':
        fail('pad', 'mode', "'constant' or a copying mode in {} (reflect_type 'even')".format(
            _COPY_MODES), '{!r} with {}'.format(mode, keywords))
    # The output's elements are elements of x: pad the flat indices of x the same way.
    positions = numpy.arange(math.prod(shape), dtype=numpy.intp).reshape(shape)
    try:
        indices = numpy.pad(positions, widths or 0, mode=mode, **keywords)
    except ValueError as e:
        fail('pad', 'pad_width', 'widths that mode {!r} can fill'.format(mode), e)
    return flat_gather(x, indices)
