"""N-dimensional deconvolution (transposed convolution) links."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class DeconvolutionND(ConvolutionLinkBase):
    """N-dimensional transposed convolution with filters ``W`` of shape
    ``(in_channels, out_channels / groups, *ksize)`` and bias ``b``.

    Args:
        ndim (int): number of spatial axes.
        in_channels (int or None): input channels; None infers them from the first
            input. ``DeconvolutionND(ndim, out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or tuple): filter size.
        stride (int or tuple): stride.
        pad (int or tuple): padding removed from each spatial axis of the output.
        nobias (bool): no bias when True.
        outsize (tuple of ints): the output's spatial size (None: the smallest).
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or tuple): filter dilation.
        groups (int): number of channel groups.
    """

    _transposed = True

    def __init__(self, ndim: int, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 outsize: types.ShapeSpec | None = None,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ndim = ndim
        self.ksize = as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.outsize = outsize
        self.dilate = as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W: types.VariableOrArray, b: types.VariableOrArray = None,
                    stride: types.ShapeSpec = 1, pad: types.ShapeSpec = 0,
                    nobias: bool = False, outsize: types.ShapeSpec | None = None,
                    **kwargs: typing.Any) -> typing.Self:
        """A link whose parameters start as copies of the arrays ``W`` and ``b``.

        Args:
            W: the filters, of shape ``(in_channels, out_channels / groups, *ksize)``.
            b: the bias, of shape ``(out_channels,)`` (default None: zeros).
            stride (int or tuple): stride.
            pad (int or tuple): padding removed from each spatial axis of the output.
            nobias (bool): no bias when True.
            outsize (tuple of ints): the output's spatial size (None: the smallest).
            kwargs: ``dilate`` and ``groups``, as in the constructor.

        Returns:
            DeconvolutionND: the new link.
        """
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(len(W.shape) - 2, in_channels, out_channels, W.shape[2:], stride, pad,
                   nobias, outsize, initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        yield 'ndim', self.ndim
        yield from self._common_specs()
        yield 'outsize', self.outsize

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the transposed convolution.

        Args:
            x: input of shape ``(N, in_channels, d_1, ..., d_ndim)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, o_1, ..., o_ndim)``,
            where ``(o_1, ..., o_ndim)`` is ``outsize`` or else
            ``o_i = s_i * (d_i - 1) + dil_i * (k_i - 1) + 1 - 2 * p_i``.
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.deconvolution_nd(x, self.W, self.b, self.stride, self.pad,
                                  outsize=self.outsize, dilate=self.dilate,
                                  groups=self.groups)


class Deconvolution1D(DeconvolutionND):
    """One-dimensional transposed convolution (DeconvolutionND with ``ndim=1``) of inputs
    of shape ``(n, c_I, w)``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Deconvolution1D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or 1-tuple): filter size.
        stride (int or 1-tuple): stride.
        pad (int or 1-tuple): padding removed from the output.
        nobias (bool): no bias when True.
        outsize (1-tuple of ints): the output's length (None: the smallest).
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or 1-tuple): filter dilation.
        groups (int): number of channel groups.
    """

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 outsize: types.ShapeSpec | None = None,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)


class Deconvolution3D(DeconvolutionND):
    """Three-dimensional transposed convolution (DeconvolutionND with ``ndim=3``) of
    inputs of shape ``(n, c_I, d, h, w)``.

    Args:
        in_channels (int or None): input channels; None infers them from the first
            input. ``Deconvolution3D(out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or 3 ints): filter size.
        stride (int or 3 ints): stride.
        pad (int or 3 ints): padding removed from each spatial axis of the output.
        nobias (bool): no bias when True.
        outsize (3 ints): the output's spatial size (None: the smallest).
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or 3 ints): filter dilation.
        groups (int): number of channel groups.
    """

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 outsize: types.ShapeSpec | None = None,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 dilate: types.ShapeSpec = 1, groups: int = 1) -> None:
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)
