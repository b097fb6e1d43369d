"""Initializers that draw from a normal distribution."""

import numpy

from kusari.initializers._random import fill_normal
from kusari.initializers.base import Initializer, get_fans


class Normal(Initializer):
    """Draws from N(0, scale**2).

    Args:
        scale (float): standard deviation.
        dtype: dtype of generated arrays.
        rng: a ``numpy.random.RandomState``/``Generator`` (default: numpy's global state).
    """

    def __init__(self, scale=0.05, dtype=None, rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def __call__(self, array):
        fill_normal(array, self.scale, self.rng)


class _FanNormal(Initializer):
    """Normal with standard deviation ``scale * sqrt(factor / fan)``."""

    factor = 1.0

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.fan_option = fan_option
        self.rng = rng

    def _fan(self, shape):
        fan_in, fan_out = get_fans(shape)
        if self.fan_option == 'fan_in':
            return fan_in
        if self.fan_option == 'fan_out':
            return fan_out
        raise ValueError('fan_option must be \'fan_in\' or \'fan_out\', not {!r}'.format(
            self.fan_option))

    def __call__(self, array):
        fill_normal(array, self.scale * numpy.sqrt(self.factor / self._fan(array.shape)),
                    self.rng)


class LeCunNormal(_FanNormal):
    """Normal with std ``scale * sqrt(1 / fan_in)``."""

    def __init__(self, scale=1.0, dtype=None, rng=None):
        super().__init__(scale, dtype, 'fan_in', rng)


class HeNormal(_FanNormal):
    """Normal with std ``scale * sqrt(2 / fan)`` (``fan_option``: 'fan_in' or 'fan_out')."""

    factor = 2.0


class GlorotNormal(Initializer):
    """Normal with std ``scale * sqrt(2 / (fan_in + fan_out))``."""

    def __init__(self, scale=1.0, dtype=None, rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def __call__(self, array):
        fan_in, fan_out = get_fans(array.shape)
        fill_normal(array, self.scale * numpy.sqrt(2.0 / (fan_in + fan_out)), self.rng)
