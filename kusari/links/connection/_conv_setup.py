"""Argument handling shared by the convolution and linear links."""

import numbers

from kusari.core import as_array
from kusari.functions.connection import _conv_args


def as_tuple(value, ndim):
    """An int or a sequence as a tuple of ``ndim`` ints."""
    if isinstance(value, numbers.Integral):
        return (int(value),) * ndim
    return tuple(int(v) for v in value)


def check_groups(link, in_channels, out_channels, groups):
    """Raise a clear error unless both channel counts divide into ``groups``."""
    for name, channels in (('in_channels', in_channels), ('out_channels', out_channels)):
        if channels % groups:
            raise ValueError('{}: {} ({}) must be divisible by groups ({})'.format(
                link, name, channels, groups))


def parse_2d_kwargs(link, kwargs):
    """``(dilate, groups)`` from the keyword-only arguments of the 2-d links."""
    dilate, groups = _conv_args.parse_2d_kwargs(link, kwargs)
    return dilate, int(groups)


def param_arrays(link, W, b, out_size):
    """The arrays of ``W`` and ``b`` (Variables or arrays; ``b`` may be None) given to a
    link's ``from_params``, checking that ``b`` has ``out_size`` elements."""
    if b is not None and b.size != out_size:
        raise ValueError('{}.from_params: the size of b ({}) does not match the output size '
                         'given by W ({})'.format(link, b.size, out_size))
    return as_array(W), as_array(b)
