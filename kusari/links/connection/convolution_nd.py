"""N-dimensional convolution links."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class ConvolutionND(ConvolutionLinkBase):
    """N-dimensional convolution with learnable filters ``W`` of shape
    ``(out_channels, in_channels / groups, *ksize)`` and bias ``b``.

    Args:
        ndim (int): number of spatial axes.
        in_channels (int or None): input channels; None infers them from the first
            input. ``ConvolutionND(ndim, out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or tuple): filter size.
        stride (int or tuple): stride of filter applications.
        pad (int or tuple): zero padding of each spatial axis.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        cover_all (bool): add output positions so every input element is covered.
        dilate (int or tuple): filter dilation.
        groups (int): number of channel groups convolved separately.
    """

    def __init__(self, ndim: int, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None, cover_all: bool = False,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ndim = ndim
        self.ksize = as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.cover_all = cover_all
        self.dilate = as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W: types.VariableOrArray, b: types.VariableOrArray = None,
                    stride: types.ShapeSpec = 1, pad: types.ShapeSpec = 0,
                    nobias: bool = False, **kwargs: typing.Any) -> typing.Self:
        """A link whose parameters start as copies of the arrays ``W`` and ``b``.

        Args:
            W: the filters, of shape ``(out_channels, in_channels / groups, *ksize)``.
            b: the bias, of shape ``(out_channels,)`` (default None: zeros).
            stride (int or tuple): stride of filter applications.
            pad (int or tuple): zero padding of each spatial axis.
            nobias (bool): no bias when True.
            kwargs: ``cover_all``, ``dilate`` and ``groups``, as in the constructor.

        Returns:
            ConvolutionND: the new link.
        """
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(len(W.shape) - 2, in_channels, out_channels, W.shape[2:], stride, pad,
                   nobias, initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        yield 'ndim', self.ndim
        yield from self._common_specs()
        yield 'groups', self.groups

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the convolution.

        Args:
            x: input of shape ``(N, in_channels, d_1, ..., d_ndim)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, o_1, ..., o_ndim)``,
            where ``o_i = (d_i + 2 * p_i - dil_i * (k_i - 1) - 1) // s_i + 1`` (the
            division rounded up with ``cover_all``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_nd(x, self.W, self.b, self.stride, self.pad,
                                cover_all=self.cover_all, dilate=self.dilate,
                                groups=self.groups)


class Convolution1D(ConvolutionND):
    """One-dimensional convolution (ConvolutionND with ``ndim=1``) of inputs of shape
    ``(n, c_I, w)``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Convolution1D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or 1-tuple): filter size.
        stride (int or 1-tuple): stride of filter applications.
        pad (int or 1-tuple): zero padding.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        cover_all (bool): add output positions so every input element is covered.
        dilate (int or 1-tuple): filter dilation.
        groups (int): number of channel groups convolved separately.
    """

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None, cover_all: bool = False,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)


class Convolution3D(ConvolutionND):
    """Three-dimensional convolution (ConvolutionND with ``ndim=3``) of inputs of shape
    ``(n, c_I, d, h, w)``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Convolution3D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or 3 ints): filter size.
        stride (int or 3 ints): stride of filter applications.
        pad (int or 3 ints): zero padding of each spatial axis.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        cover_all (bool): add output positions so every input element is covered.
        dilate (int or 3 ints): filter dilation.
        groups (int): number of channel groups convolved separately.
    """

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None, cover_all: bool = False,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)
