"""Initializers that fill a fixed value or pattern."""

import numpy

from kusari.initializers.base import Initializer


class Constant(Initializer):
    """Fills with ``fill_value`` (a scalar or an array broadcastable to the target)."""

    def __init__(self, fill_value, dtype=None):
        super().__init__(dtype)
        self.fill_value = fill_value

    def __call__(self, array):
        if self.dtype is not None and array.dtype != numpy.dtype(self.dtype):
            raise ValueError('Constant: array dtype {} differs from the initializer dtype {}'
                             .format(array.dtype, self.dtype))
        array[...] = self.fill_value


class Zero(Constant):
    """Fills with zeros."""

    def __init__(self, dtype=None):
        super().__init__(0.0, dtype)


class One(Constant):
    """Fills with ones."""

    def __init__(self, dtype=None):
        super().__init__(1.0, dtype)


class NaN(Constant):
    """Fills with NaN (marks arrays that must be overwritten before use)."""

    def __init__(self, dtype=None):
        super().__init__(numpy.nan, dtype)


class Identity(Initializer):
    """Fills a square 2-D array with ``scale`` times the identity matrix."""

    def __init__(self, scale=1.0, dtype=None):
        super().__init__(dtype)
        self.scale = scale

    def __call__(self, array):
        if array.ndim != 2 or array.shape[0] != array.shape[1]:
            raise ValueError('Identity needs a square 2-D array, got shape {}'.format(
                array.shape))
        array[...] = 0
        numpy.fill_diagonal(array, self.scale)
