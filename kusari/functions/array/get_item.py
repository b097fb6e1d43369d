"""Indexing of a variable (``x[slices]``), with a scatter-add gradient."""

import numbers

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.configuration import config

_BASIC = (slice, type(None), type(Ellipsis), numbers.Integral)


def _index_array(items):
    """A list as an index array; an empty one indexes nothing (NumPy's rule for ``[]``)."""
    array = numpy.asarray(items)
    return array.astype(numpy.intp) if array.size == 0 else array


def normalize_slices(func, slices):
    """``slices`` as a tuple of index items, with Variables replaced by their arrays.

    A list of ints is one integer index array and any other list is a tuple of
    index items (Chainer's rule). In debug mode, more than one Ellipsis is a
    ValueError naming ``func``, as in Chainer.
    """
    if isinstance(slices, list):
        if all(isinstance(s, numbers.Integral) for s in slices):
            slices = (_index_array(slices),)
        else:
            slices = tuple(slices)
    elif not isinstance(slices, tuple):
        slices = (slices,)
    if len(slices) > 1 and config.debug and sum(s is Ellipsis for s in slices) > 1:
        raise ValueError('{}: only one Ellipsis is allowed in slices {!r}'.format(func, slices))
    return tuple(core.as_array(s) if isinstance(s, core.Variable)
                 else _index_array(s) if isinstance(s, list) else s for s in slices)


def device_slices(slices, xp):
    """Index arrays moved to the module ``xp`` of the indexed array."""
    if xp is numpy:
        return tuple(s.get() if hasattr(s, 'get') and not isinstance(s, _BASIC) else s
                     for s in slices)
    return tuple(s if isinstance(s, _BASIC) else xp.asarray(s) for s in slices)


def is_basic(slices):
    """Whether ``slices`` selects each element at most once without index arrays."""
    return all(isinstance(s, _BASIC) and not isinstance(s, (bool, numpy.bool_))
               for s in slices)


def scatter_add_into(target, slices, values):
    """``target[slices] += values`` in place, accumulating repeated indices."""
    xp = get_array_module(target)
    if is_basic(slices) or (len(slices) == 1 and getattr(slices[0], 'dtype', None) == numpy.bool_):
        target[slices] += values
    elif xp is numpy:
        numpy.add.at(target, slices, values)
    else:
        import cupyx
        cupyx.scatter_add(target, slices, values)


class GetItem(core.FunctionNode):
    """``x[slices]`` with basic and advanced (integer/boolean array) indexing."""

    def __init__(self, slices):
        self.slices = slices

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = get_array_module(x)
        self.slices = device_slices(self.slices, xp)
        try:
            y = x[self.slices]
        except IndexError as e:
            raise IndexError('get_item: invalid slices {!r} for an array of shape {}: {}'
                             .format(self.slices, x.shape, e)) from None
        return xp.asarray(y),

    def backward(self, indexes, grad_outputs):
        return GetItemGrad(self.slices, self._in_shape).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return GetItemGrad(self.slices, self._in_shape).forward(grad_outputs)


class GetItemGrad(core.FunctionNode):
    """Scatters ``gy`` into zeros of the input's shape, adding where indices repeat."""

    def __init__(self, slices, in_shape):
        self.slices = slices
        self.in_shape = in_shape

    def forward(self, inputs):
        gy, = inputs
        gx = get_array_module(gy).zeros(self.in_shape, gy.dtype)
        if is_basic(self.slices):
            gx[self.slices] = gy
        else:
            scatter_add_into(gx, self.slices, gy)
        return gx,

    def backward(self, indexes, grad_outputs):
        return GetItem(self.slices).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return GetItem(self.slices).forward(grad_outputs)


def get_item(x, slices):
    """Extracts elements of ``x`` as ``x[slices]`` does for arrays.

    Args:
        x (Variable or array): input of any shape.
        slices: an int, slice, Ellipsis, None, integer or boolean array (or list),
            or a tuple of them; NumPy's indexing rules apply.

    Returns:
        Variable: the selected elements, of ``x``'s dtype and of the shape that
        NumPy's ``x[slices]`` has (e.g. ``(N, 2)`` for ``x`` of shape ``(N, 5)`` and
        ``slices = (slice(None), [0, 3])``). Its gradient adds the output gradient back
        into the selected positions (repeated indices accumulate).
    """
    return GetItem(normalize_slices('get_item', slices)).apply((x,))[0]
