"""Two-dimensional depthwise convolution link."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link
from kusari.links.connection._conv_setup import as_tuple


class DepthwiseConvolution2D(Link):
    """Convolves each input channel separately with ``channel_multiplier`` filters.

    ``W`` has shape ``(channel_multiplier, in_channels, kh, kw)`` and ``b`` shape
    ``(in_channels * channel_multiplier,)``.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        channel_multiplier (int): filters per input channel.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride.
        pad (int or pair of ints): zero padding.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
    """

    def __init__(self, in_channels, channel_multiplier, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super().__init__()
        self.ksize = as_tuple(ksize, 2)
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.channel_multiplier = channel_multiplier
        self.nobias = nobias
        if initial_bias is None:
            initial_bias = initializers.Constant(0)
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW))
            self.b = None if nobias else Parameter(
                initializers._get_initializer(initial_bias))
        if in_channels is not None:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        self.W.initialize((self.channel_multiplier, in_channels) + self.ksize)
        if self.b is not None:
            self.b.initialize(self.channel_multiplier * in_channels)

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.depthwise_convolution_2d(x, self.W, self.b, self.stride, self.pad)
