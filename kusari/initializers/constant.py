"""Initializers that fill a fixed value or pattern."""

import numpy

from kusari import backend
from kusari.initializers.base import Initializer


class Constant(Initializer):
    """Fills with ``fill_value`` (a scalar or an array broadcastable to the target)."""

    def __init__(self, fill_value, dtype=None):
        self.fill_value = fill_value
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        xp = backend.get_array_module(array)
        array[...] = xp.asarray(self.fill_value)


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
    """Fills a square 2-d array with ``scale`` times the identity matrix."""

    def __init__(self, scale=1.0, dtype=None):
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim != 2 or array.shape[0] != array.shape[1]:
            raise ValueError('Identity: the array must be square 2-d, got shape {}'.format(
                array.shape))
        xp = backend.get_array_module(array)
        array[...] = xp.identity(array.shape[0], dtype=array.dtype) * array.dtype.type(
            self.scale)
