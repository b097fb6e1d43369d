"""Argument handling shared by the convolution and linear links, and the parameters of the
convolution links."""

import numbers

from kusari import initializers
from kusari.core import as_array
from kusari.variable import Parameter
from kusari.functions.connection import _conv_args
from kusari.link import Link


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


def optional_in_channels(in_channels, out_channels, ksize):
    """``(in_channels, out_channels, ksize)``, where a call without ``ksize`` means
    ``Link(out_channels, ksize)``, with ``in_channels`` None (inferred from the first input)."""
    if ksize is None:
        return None, in_channels, out_channels
    return in_channels, out_channels, ksize


class ConvolutionLinkBase(Link):
    """The filters ``W`` and bias ``b`` of a convolution link.

    ``W`` has shape ``(out_channels, in_channels / groups, *ksize)``, or
    ``(in_channels, out_channels / groups, *ksize)`` for a transposed convolution; without
    ``in_channels`` it is created from the channels of the first input. Subclasses set
    ``ksize``, ``dilate`` (one int per spatial axis) and ``groups`` before
    ``_create_params``.
    """

    _transposed = False

    def _create_params(self, in_channels, out_channels, nobias, initialW, initial_bias):
        self.out_channels = out_channels
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW))
            if in_channels is not None:
                self._initialize_params(in_channels)
            if nobias:
                self.b = None
            else:
                self.b = Parameter(initializers._get_initializer(initial_bias, default=0),
                                   out_channels)

    def _initialize_params(self, in_channels):
        check_groups(type(self).__name__, in_channels, self.out_channels, self.groups)
        if self._transposed:
            channels = (in_channels, self.out_channels // self.groups)
        else:
            channels = (self.out_channels, in_channels // self.groups)
        # the 2-d links keep ksize as given (maybe an int); dilate is always a tuple
        self.W.initialize(channels + as_tuple(self.ksize, len(self.dilate)))

    def _common_specs(self):
        """The first ``printable_specs`` of the convolution links that print theirs."""
        yield 'out_channels', self.out_channels
        yield 'ksize', self.ksize
        yield 'stride', self.stride
        yield 'pad', self.pad
        yield 'nobias', self.b is None

    @classmethod
    def _from_params_args(cls, W, b, groups):
        """``(in_channels, out_channels, W, b)`` for ``from_params``: the channels given by
        the filters ``W``, and the arrays of ``W`` and ``b``."""
        if cls._transposed:
            in_channels, out_channels = W.shape[0], W.shape[1] * groups
        else:
            in_channels, out_channels = W.shape[1] * groups, W.shape[0]
        W, b = param_arrays(cls.__name__, W, b, out_channels)
        return in_channels, out_channels, W, b
