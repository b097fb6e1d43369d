"""The Initializer base class and helpers shared by every initializer."""

import numbers

import numpy

from kusari import core


class Initializer:
    """Fills an array in place; ``dtype`` fixes the dtype of arrays it generates.

    Args:
        dtype: dtype of generated arrays (None: ``config.dtype``).
    """

    def __init__(self, dtype=None):
        self.dtype = dtype

    def __call__(self, array):
        raise NotImplementedError


def get_fans(shape):
    """(fan_in, fan_out) of a weight of ``shape`` = (out, in, *kernel)."""
    if not isinstance(shape, tuple):
        raise ValueError('shape must be a tuple, not {}'.format(type(shape).__name__))
    if len(shape) < 2:
        raise ValueError('shape must have at least two dimensions, got {}'.format(shape))
    receptive = int(numpy.prod(shape[2:]))
    return shape[1] * receptive, shape[0] * receptive


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """A new array of ``shape`` filled by ``initializer`` (an Initializer, array or scalar)."""
    dtype_attr = getattr(initializer, 'dtype', None)
    if dtype is not None and dtype_attr is not None and numpy.dtype(dtype) != numpy.dtype(
            dtype_attr):
        raise ValueError('dtype {} differs from the initializer\'s dtype {}'.format(
            dtype, dtype_attr))
    dtype = core.get_dtype(dtype if dtype is not None else dtype_attr)
    if isinstance(shape, numbers.Integral):
        shape = (int(shape),)
    array = numpy.empty(tuple(shape), dtype=dtype)
    if callable(initializer):
        initializer(array)
    else:
        array[...] = initializer
    if device is not None:
        array = device.send(array)
    elif xp is not numpy:
        array = xp.asarray(array)
    return array
