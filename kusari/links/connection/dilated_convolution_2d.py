"""Two-dimensional dilated convolution link."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


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

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, dilate: types.ShapeSpec = 1, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None) -> None:
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.dilate = as_tuple(dilate, 2)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the dilated convolution.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')``, where
            ``H' = (H + 2 * ph - dy * (kh - 1) - 1) // sy + 1`` (likewise ``W'``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_2d(x, self.W, self.b, self.stride, self.pad, dilate=self.dilate)
