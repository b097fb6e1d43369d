"""The Initializer base class and fan computation (Chainer's ``chainer.initializer``)."""

import numpy

from kusari.utils.array import size_of_shape


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
    """``(fan_in, fan_out)`` of a weight of ``shape`` = ``(out, in, *kernel)``.

    The receptive field (the product of the kernel axes) multiplies both fans.
    """
    if not isinstance(shape, tuple):
        raise ValueError('get_fans: shape must be a tuple, not {}'.format(
            type(shape).__name__))
    if len(shape) < 2:
        raise ValueError('get_fans: shape must have at least two dimensions, got {}'.format(
            shape))
    receptive = size_of_shape(shape[2:])
    return shape[1] * receptive, shape[0] * receptive
