"""generate_array, and the names every initializer module uses."""

import numbers

import numpy

from kusari import backend, core
from kusari.initializer import Initializer, get_fans  # NOQA


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """A new array of ``shape`` filled by ``initializer``.

    Args:
        initializer: an Initializer (or any callable filling an array), or a scalar.
        shape (int or tuple of ints): the shape.
        xp: numpy or cupy.
        dtype: the dtype; None takes the initializer's, else ``config.dtype``.
        device: the device to put the array on (must agree with ``xp``).
    """
    dtype_attr = getattr(initializer, 'dtype', None)
    if dtype is not None and dtype_attr is not None and numpy.dtype(dtype) != numpy.dtype(
            dtype_attr):
        raise ValueError('generate_array: dtype {} differs from the initializer\'s dtype {}'
                         .format(numpy.dtype(dtype), numpy.dtype(dtype_attr)))
    dtype = core.get_dtype(dtype if dtype is not None else dtype_attr)
    if isinstance(shape, numbers.Integral):
        shape = (int(shape),)
    if device is not None:
        device = backend.get_device(device)
        if device.xp is not xp:
            raise ValueError('generate_array: xp ({}) and device ({}) disagree'.format(
                xp.__name__, device))
    if device is None:
        array = xp.empty(tuple(shape), dtype=dtype)
    else:
        with device.create_context():
            array = xp.empty(tuple(shape), dtype=dtype)
    if callable(initializer):
        initializer(array)
    else:
        array[...] = initializer
    return array
