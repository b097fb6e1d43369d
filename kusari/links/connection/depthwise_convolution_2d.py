"""Two-dimensional depthwise convolution link."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link
from kusari.links.connection._conv_setup import as_tuple

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class DepthwiseConvolution2D(Link):
    """Convolves each input channel separately with ``channel_multiplier`` filters.

    ``W`` has shape ``(channel_multiplier, in_channels, kh, kw)`` and ``b`` shape
    ``(in_channels * channel_multiplier,)``.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        channel_multiplier (int): filters per input channel.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride (default 1).
        pad (int or pair of ints): zero padding (default 0).
        nobias (bool): no bias when True (default False).
        initialW: initializer of W (default None: LeCunNormal).
        initial_bias: initializer of b (default None: zeros).
    """

    def __init__(self, in_channels: int | None, channel_multiplier: int,
                 ksize: types.ShapeSpec, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None) -> None:
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

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the convolution.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape
            ``(N, in_channels * channel_multiplier, H', W')``, where
            ``H' = (H + 2 * ph - kh) // sy + 1`` (likewise ``W'``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.depthwise_convolution_2d(x, self.W, self.b, self.stride, self.pad)
