"""Two-dimensional dilated convolution link."""

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)


class DilatedConvolution2D(ConvolutionLinkBase):
    """Two-dimensional convolution with dilated filters ``W`` of shape
    ``(out_channels, in_channels, kh, kw)`` and bias ``b``.

    Args:
        in_channels (int or None): input channels (None: inferred).
            ``DilatedConvolution2D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride.
        pad (int or pair of ints): zero padding.
        dilate (int or pair of ints): dilation factor.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
    """

    groups = 1  # one group: every filter sees every input channel

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, dilate=1,
                 nobias=False, initialW=None, initial_bias=None):
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.dilate = as_tuple(dilate, 2)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_2d(x, self.W, self.b, self.stride, self.pad, dilate=self.dilate)
