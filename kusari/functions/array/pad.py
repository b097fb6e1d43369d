"""Padding an array."""

import math

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array._flat_gather import FlatScatterAdd
from kusari.functions.array.get_item import GetItem

# Modes whose padding copies elements of x, so that the gradient is a scatter-add.
_COPY_MODES = ('edge', 'reflect', 'symmetric', 'wrap')


class Pad(core.FunctionNode):
    """``numpy.pad(x, pad_width, mode, **keywords)``, with Chainer's attributes:
    ``pad_width``, ``mode`` and ``keywords`` as given, and (set by forward) ``pad_bw``,
    the widths as an array of one ``(before, after)`` row per axis of ``x``.

    Constant padding's gradient is the central slice. A copying mode's output elements
    are elements of ``x``: it gathers them by flat index and its gradient scatter-adds
    them back.
    """

    def __init__(self, pad_width, mode, **keywords):
        self.pad_width = pad_width
        self.mode = mode
        self.keywords = keywords

    def _widths(self, shape):
        try:
            requested = numpy.asarray(self.pad_width, dtype=numpy.int64)
            widths = numpy.broadcast_to(requested, (len(shape), 2))
        except (TypeError, ValueError):
            fail('pad', 'pad_width', 'an int, a pair or one pair per axis of {}'.format(shape),
                 self.pad_width)
        # Checked as given: a 0-d x broadcasts any width away.
        if (requested < 0).any():
            fail('pad', 'pad_width', 'non-negative widths', self.pad_width)
        self.pad_bw = widths
        return tuple((int(a), int(b)) for a, b in widths)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        self._widths_of_x = widths = self._widths(x.shape)
        xp = get_array_module(x)
        if self.mode == 'constant':
            self._copies = None
            # NumPy cannot read an empty pad_width: a 0-d x gets the width 0.
            return xp.pad(x, widths or 0, mode='constant', **self.keywords),
        if self.mode not in _COPY_MODES or self.keywords.get('reflect_type', 'even') != 'even':
            fail('pad', 'mode', "'constant' or a copying mode in {} (reflect_type 'even')"
                 .format(_COPY_MODES), '{!r} with {}'.format(self.mode, self.keywords))
        # The output's elements are elements of x: pad the flat indices of x the same way.
        positions = numpy.arange(math.prod(x.shape), dtype=numpy.intp).reshape(x.shape)
        try:
            copies = numpy.pad(positions, widths or 0, mode=self.mode, **self.keywords)
        except ValueError as e:
            fail('pad', 'pad_width', 'widths that mode {!r} can fill'.format(self.mode), e)
        self._copies = xp.asarray(copies)
        return x.ravel().take(self._copies),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, ArrayForm)

    def _gradient(self, grad_outputs, form):
        """x's gradient: the copies summed back, or the center, in ``form``."""
        if self._copies is not None:
            return form.run(FlatScatterAdd(self._copies, self._in_shape), grad_outputs)
        center = tuple(slice(before, before + n)
                       for (before, _), n in zip(self._widths_of_x, self._in_shape))
        return form.run(GetItem(center), grad_outputs)


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
    return Pad(pad_width, mode, **keywords).apply((x,))[0]
