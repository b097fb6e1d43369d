"""Initializers that draw from a uniform distribution."""

import numpy

from kusari.initializers._random import fill_uniform
from kusari.initializers.base import Initializer, get_fans


class Uniform(Initializer):
    """Draws from U(-scale, scale)."""

    def __init__(self, scale=0.05, dtype=None, rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def __call__(self, array):
        fill_uniform(array, self.scale, self.rng)


class LeCunUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(3 / fan_in)``."""

    def __init__(self, scale=1.0, dtype=None, rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def __call__(self, array):
        fan_in, _ = get_fans(array.shape)
        fill_uniform(array, self.scale * numpy.sqrt(3.0 / fan_in), self.rng)


class GlorotUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(6 / (fan_in + fan_out))``."""

    def __init__(self, scale=1.0, dtype=None, rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def __call__(self, array):
        fan_in, fan_out = get_fans(array.shape)
        fill_uniform(array, self.scale * numpy.sqrt(6.0 / (fan_in + fan_out)), self.rng)


class HeUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(6 / fan)`` (``fan_option``: 'fan_in'/'fan_out')."""

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', rng=None):
        super().__init__(dtype)
        self.scale = scale
        self.fan_option = fan_option
        self.rng = rng

    def __call__(self, array):
        fan_in, fan_out = get_fans(array.shape)
        fan = {'fan_in': fan_in, 'fan_out': fan_out}[self.fan_option]
        fill_uniform(array, self.scale * numpy.sqrt(6.0 / fan), self.rng)
