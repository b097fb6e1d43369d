"""Two-dimensional deformable convolution (Dai et al., 2017)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Chain, Link
from kusari.links.connection._conv_setup import as_tuple
from kusari.links.connection.convolution_2d import Convolution2D

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class DeformableConvolution2D(Chain):
    """A convolution whose sampling positions are shifted by learned offsets.

    ``offset_conv`` (a Convolution2D to ``2 * kh * kw`` channels) computes the offsets
    from the input; ``deform_conv`` samples the input at the shifted positions and
    applies its filters ``W`` (``(out_channels, in_channels, kh, kw)``) and bias ``b``.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride (default 1).
        pad (int or pair of ints): zero padding (default 0).
        offset_nobias (bool): no bias in the offset convolution when True (default
            False).
        offset_initialW: initializer of the offset convolution's filters (default
            None: LeCunNormal; ``initializers.Zero()`` for both offset initializers
            starts the link as a plain convolution).
        offset_initial_bias: initializer of the offset convolution's bias (default
            None: zeros).
        deform_nobias (bool): no bias ``b`` when True (default False).
        deform_initialW: initializer of ``W`` (default None: zeros, as Chainer's).
        deform_initial_bias: initializer of ``b`` (default None: zeros).
    """

    def __init__(self, in_channels: int | None, out_channels: int, ksize: types.ShapeSpec,
                 stride: types.ShapeSpec = 1, pad: types.ShapeSpec = 0,
                 offset_nobias: bool = False,
                 offset_initialW: types.InitializerSpec | None = None,
                 offset_initial_bias: types.InitializerSpec | None = None,
                 deform_nobias: bool = False,
                 deform_initialW: types.InitializerSpec | None = None,
                 deform_initial_bias: types.InitializerSpec | None = None) -> None:
        super().__init__()
        kh, kw = as_tuple(ksize, 2)
        with self.init_scope():
            self.offset_conv = Convolution2D(
                in_channels, 2 * kh * kw, ksize, stride, pad, offset_nobias,
                offset_initialW, offset_initial_bias)
            self.deform_conv = DeformableConvolution2DSampler(
                in_channels, out_channels, ksize, stride, pad, deform_nobias,
                deform_initialW, deform_initial_bias)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the deformable convolution.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')``, where
            ``H' = (H + 2 * ph - kh) // sy + 1`` (likewise ``W'``).
        """
        return self.deform_conv(x, self.offset_conv(x))


class DeformableConvolution2DSampler(Link):
    """The sampling-and-filtering half of DeformableConvolution2D: ``forward(x, offset)``.

    ``W`` has shape ``(out_channels, in_channels, kh, kw)`` and ``b``
    ``(out_channels,)``.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride (default 1).
        pad (int or pair of ints): zero padding (default 0).
        nobias (bool): no bias when True (default False).
        initialW: initializer of W (default None: zeros, as Chainer's).
        initial_bias: initializer of b (default None: zeros).
    """

    def __init__(self, in_channels: int | None, out_channels: int, ksize: types.ShapeSpec,
                 stride: types.ShapeSpec = 1, pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None) -> None:
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

    def forward(self, x: types.VariableOrArray, offset: types.VariableOrArray) -> Variable:
        """Sample ``x`` at the offset positions and apply the filters.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.
            offset: offsets of the sampling positions, of shape
                ``(N, 2 * kh * kw, H', W')`` (the vertical ones first).

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')``, where
            ``H' = (H + 2 * ph - kh) // sy + 1`` (likewise ``W'``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.deformable_convolution_2d_sampler(x, offset, self.W, self.b, self.stride,
                                                   self.pad)
