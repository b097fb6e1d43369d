"""A strided view of a variable's elements, as a differentiable gather."""

import numbers

import numpy

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array._flat_gather import flat_gather


def _strided_indices(size, shape, strides, offset):
    """Flat indices of the strided view, checked to stay inside ``size`` elements."""
    lowest = highest = offset
    for n, s in zip(shape, strides):
        if n > 0:
            span = (n - 1) * s
            lowest += min(span, 0)
            highest += max(span, 0)
    if 0 not in shape and (lowest < 0 or highest >= size):
        fail('as_strided', 'shape, strides and storage_offset',
             'a view inside the {} elements of x'.format(size),
             'elements {} to {}'.format(lowest, highest))
    indices = numpy.full(shape, offset, dtype=numpy.intp)
    for axis, (n, s) in enumerate(zip(shape, strides)):
        step = numpy.arange(n, dtype=numpy.intp) * s
        indices += step.reshape((n,) + (1,) * (len(shape) - axis - 1))
    return indices


def as_strided(x, shape, strides, storage_offset=None):
    """Creates a new view of the elements of ``x`` with a given shape and strides.

    ``x`` is read as its elements in C order (its own strides are ignored), and
    ``strides`` and ``storage_offset`` count elements, not bytes (unlike
    ``numpy.lib.stride_tricks.as_strided``). Elements the view uses several times
    receive the sum of their gradients.

    Args:
        x (Variable or array): the array whose elements are viewed.
        shape (tuple of int): shape of the output.
        strides (tuple of int): step, in elements, along each output axis.
        storage_offset (int): index of the output's first element (None: 0).

    Returns:
        Variable: the strided variable (a copy, not a view, of the elements).
    """
    shape = tuple(int(s) for s in shape)
    strides = tuple(int(s) for s in strides)
    if len(shape) != len(strides):
        fail('as_strided', 'strides', 'one stride per axis of shape {}'.format(shape), strides)
    if any(n < 0 for n in shape):
        fail('as_strided', 'shape', 'non-negative sizes', shape)
    offset = 0 if storage_offset is None else storage_offset
    if not isinstance(offset, numbers.Integral) or offset < 0:
        fail('as_strided', 'storage_offset', 'a non-negative int', storage_offset)
    indices = _strided_indices(core.as_array(x).size, shape, strides, int(offset))
    return flat_gather(x, indices)
