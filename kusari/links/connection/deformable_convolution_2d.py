"""Two-dimensional deformable convolution (Dai et al., 2017)."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Chain, Link
from kusari.links.connection._conv_setup import as_tuple
from kusari.links.connection.convolution_2d import Convolution2D


class DeformableConvolution2D(Chain):
    """A convolution whose sampling positions are shifted by learned offsets.

    ``offset_conv`` (a Convolution2D to ``2 * kh * kw`` channels) computes the offsets
    from the input; ``deform_conv`` samples the input at the shifted positions and
    applies its filters ``W`` (``(out_channels, in_channels, kh, kw)``) and bias ``b``.

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride.
        pad (int or pair of ints): zero padding.
        offset_nobias, offset_initialW, offset_initial_bias: of the offset convolution
            (pass ``initializers.Zero()`` for both to start as a plain convolution).
        deform_nobias, deform_initialW, deform_initial_bias: of the deformable filters
            (zero filters and bias by default, as Chainer's).
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0,
                 offset_nobias=False, offset_initialW=None, offset_initial_bias=None,
                 deform_nobias=False, deform_initialW=None, deform_initial_bias=None):
        super().__init__()
        kh, kw = as_tuple(ksize, 2)
        with self.init_scope():
            self.offset_conv = Convolution2D(
                in_channels, 2 * kh * kw, ksize, stride, pad, offset_nobias,
                offset_initialW, offset_initial_bias)
            self.deform_conv = DeformableConvolution2DSampler(
                in_channels, out_channels, ksize, stride, pad, deform_nobias,
                deform_initialW, deform_initial_bias)

    def forward(self, x):
        return self.deform_conv(x, self.offset_conv(x))


class DeformableConvolution2DSampler(Link):
    """The sampling-and-filtering half of DeformableConvolution2D: ``forward(x, offset)``;
    ``W`` starts at zero unless ``initialW`` is given, as Chainer's."""

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super().__init__()
        self.ksize = as_tuple(ksize, 2)
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.out_channels = out_channels
        self.initialW = initialW
        with self.init_scope():
            # zero filters by default, as Chainer's
            self.W = Parameter(initializers._get_initializer(
                initializers.Zero() if initialW is None else initialW))
            if nobias:
                self.b = None
            else:
                self.b = Parameter(initializers._get_initializer(initial_bias, default=0),
                                   out_channels)
        if in_channels is not None:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        self.W.initialize((self.out_channels, in_channels) + self.ksize)

    def forward(self, x, offset):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.deformable_convolution_2d_sampler(x, offset, self.W, self.b, self.stride,
                                                   self.pad)
