"""Initializers that draw from a uniform distribution."""

import numpy

from kusari.initializers._random import fill_uniform, parse_rng
from kusari.initializers.base import Initializer, get_fans
from kusari.initializers.normal import _fan


class Uniform(Initializer):
    """Draws from U(-scale, scale).

    Args:
        scale (float): the half width of the interval.
        dtype: the dtype of the arrays to fill.
        rng: a ``RandomState``/``Generator`` to draw from (keyword only).
    """

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('Uniform', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fill_uniform(array, self.scale, self.rng)


class LeCunUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(3 / fan_in)`` (variance ``scale^2 / fan_in``)."""

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('LeCunUniform', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, _ = get_fans(array.shape)
        fill_uniform(array, self.scale * numpy.sqrt(3.0 / fan_in), self.rng)


class GlorotUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(6 / (fan_in + fan_out))``."""

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('GlorotUniform', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = get_fans(array.shape)
        fill_uniform(array, self.scale * numpy.sqrt(6.0 / (fan_in + fan_out)), self.rng)


class HeUniform(Initializer):
    """U(-s, s) with ``s = scale * sqrt(6 / fan_in)``.

    ``fan_option='fan_out'`` (a keyword argument beyond Chainer's) uses fan_out.
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.fan_option = kwargs.pop('fan_option', 'fan_in')
        self.rng = parse_rng('HeUniform', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan = _fan(array.shape, self.fan_option, 'HeUniform')
        fill_uniform(array, self.scale * numpy.sqrt(6.0 / fan), self.rng)
