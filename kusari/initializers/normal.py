"""Initializers that draw from a normal distribution."""

import numpy

from kusari.initializers._random import fill_normal, parse_rng
from kusari.initializers.base import Initializer, get_fans


def _fan(shape, fan_option, owner):
    fan_in, fan_out = get_fans(shape)
    if fan_option == 'fan_in':
        return fan_in
    if fan_option == 'fan_out':
        return fan_out
    raise ValueError("{}: fan_option must be 'fan_in' or 'fan_out', not {!r}".format(
        owner, fan_option))


class Normal(Initializer):
    """Draws from N(0, scale^2).

    Args:
        scale (float): the standard deviation.
        dtype: the dtype of the arrays to fill.
        rng: a ``RandomState``/``Generator`` to draw from (keyword only; default: the
            global random state of the array's module).
    """

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('Normal', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fill_normal(array, self.scale, self.rng)


class LeCunNormal(Initializer):
    """Normal with standard deviation ``scale * sqrt(1 / fan_in)`` (LeCun 1998)."""

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('LeCunNormal', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, _ = get_fans(array.shape)
        fill_normal(array, self.scale * numpy.sqrt(1.0 / fan_in), self.rng)


class GlorotNormal(Initializer):
    """Normal with standard deviation ``scale * sqrt(2 / (fan_in + fan_out))``
    (Glorot & Bengio 2010)."""

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = parse_rng('GlorotNormal', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = get_fans(array.shape)
        fill_normal(array, self.scale * numpy.sqrt(2.0 / (fan_in + fan_out)), self.rng)


class HeNormal(Initializer):
    """Normal with standard deviation ``scale * sqrt(2 / fan)`` (He et al. 2015).

    Args:
        fan_option (str): 'fan_in' or 'fan_out', the fan in the formula.
    """

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', **kwargs):
        self.scale = scale
        self.fan_option = fan_option
        self.rng = parse_rng('HeNormal', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan = _fan(array.shape, self.fan_option, 'HeNormal')
        fill_normal(array, self.scale * numpy.sqrt(2.0 / fan), self.rng)
