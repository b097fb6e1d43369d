"""Two-dimensional convolution link."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link
from kusari.links.connection._conv_setup import (as_tuple, check_groups, param_arrays,
                                                 parse_2d_kwargs)


class Convolution2D(Link):
    """Two-dimensional convolution with filters ``W`` of shape
    ``(out_channels, in_channels / groups, kh, kw)`` and bias ``b``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Convolution2D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): zero padding of each spatial axis.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or pair of ints): filter dilation (keyword only).
        groups (int): number of channel groups convolved separately (keyword only).
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, **kwargs):
        super().__init__()
        dilate, groups = parse_2d_kwargs('Convolution2D', kwargs)
        if ksize is None:
            out_channels, ksize, in_channels = in_channels, out_channels, None
        self.ksize = ksize
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.dilate = as_tuple(dilate, 2)
        self.groups = groups
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
        check_groups('Convolution2D', in_channels, self.out_channels, self.groups)
        self.W.initialize((self.out_channels, in_channels // self.groups)
                          + as_tuple(self.ksize, 2))

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, **kwargs):
        """A link whose parameters start as copies of the arrays ``W`` and ``b``."""
        out_channels, in_per_group = W.shape[:2]
        groups = kwargs.get('groups', 1)
        W, b = param_arrays('Convolution2D', W, b, out_channels)
        return cls(in_per_group * groups, out_channels, W.shape[2:], stride, pad,
                   nobias, initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self):
        yield 'out_channels', self.out_channels
        yield 'ksize', self.ksize
        yield 'stride', self.stride
        yield 'pad', self.pad
        yield 'nobias', self.b is None
        yield 'dilate', self.dilate
        yield 'groups', self.groups

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_2d(x, self.W, self.b, self.stride, self.pad,
                                dilate=self.dilate, groups=self.groups)
