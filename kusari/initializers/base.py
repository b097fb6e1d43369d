"""The Initializer base class and the helpers every initializer uses."""

import numbers

import numpy

from kusari import backend, core


class Initializer:
    """Fills an array in place.

    Args:
        dtype: the dtype of the arrays this initializer fills (None: any; arrays it
            generates then take ``config.dtype``).
    """

    def __init__(self, dtype=None):
        self.dtype = dtype

    def __call__(self, array):
        """Fill ``array`` (a NumPy or CuPy array) in place."""
        raise NotImplementedError

    def _check_dtype(self, array):
        if self.dtype is not None and array.dtype != numpy.dtype(self.dtype):
            raise ValueError('{}: the array\'s dtype {} differs from the initializer\'s '
                             'dtype {}'.format(type(self).__name__, array.dtype,
                                               numpy.dtype(self.dtype)))


def get_fans(shape):
    """(fan_in, fan_out) of a weight of ``shape`` = (out, in, *kernel).

    The receptive field (the product of the kernel axes) multiplies both fans.
    """
    if not isinstance(shape, tuple):
        raise ValueError('get_fans: shape must be a tuple, not {}'.format(
            type(shape).__name__))
    if len(shape) < 2:
        raise ValueError('get_fans: shape must have at least two dimensions, got {}'.format(
            shape))
    receptive = 1
    for d in shape[2:]:
        receptive *= d
    return shape[1] * receptive, shape[0] * receptive


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
