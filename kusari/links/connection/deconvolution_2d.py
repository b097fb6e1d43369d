"""Two-dimensional deconvolution (transposed convolution) link."""

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels, parse_2d_kwargs)


class Deconvolution2D(ConvolutionLinkBase):
    """Two-dimensional transposed convolution with filters ``W`` of shape
    ``(in_channels, out_channels / groups, kh, kw)`` and bias ``b``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Deconvolution2D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride.
        pad (int or pair of ints): padding removed from the output.
        nobias (bool): no bias when True.
        outsize (pair of ints): the output's spatial size (None: the smallest).
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or pair of ints): filter dilation (keyword only).
        groups (int): number of channel groups (keyword only).
    """

    _transposed = True

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, **kwargs):
        super().__init__()
        dilate, groups = parse_2d_kwargs('Deconvolution2D', kwargs)
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.outsize = (None, None) if outsize is None else outsize
        self.dilate = as_tuple(dilate, 2)
        self.groups = groups
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, outsize=None, **kwargs):
        """A link whose parameters start as copies of the arrays ``W`` and ``b``."""
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(in_channels, out_channels, W.shape[2:], stride, pad, nobias, outsize,
                   initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self):
        yield from self._common_specs()
        yield 'outsize', self.outsize

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        outsize = None if self.outsize == (None, None) else self.outsize
        return F.deconvolution_2d(x, self.W, self.b, self.stride, self.pad, outsize,
                                  dilate=self.dilate, groups=self.groups)
