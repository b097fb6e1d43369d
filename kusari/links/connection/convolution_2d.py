"""Two-dimensional convolution link."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels, parse_2d_kwargs)

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Convolution2D(ConvolutionLinkBase):
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

    def __init__(self, in_channels: int | None, out_channels: int | types.ShapeSpec,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 **kwargs: typing.Any) -> None:
        super().__init__()
        dilate, groups = parse_2d_kwargs('Convolution2D', kwargs)
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = as_tuple(stride, 2)
        self.pad = as_tuple(pad, 2)
        self.dilate = as_tuple(dilate, 2)
        self.groups = groups
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W: types.VariableOrArray, b: types.VariableOrArray = None,
                    stride: types.ShapeSpec = 1, pad: types.ShapeSpec = 0,
                    nobias: bool = False, **kwargs: typing.Any) -> typing.Self:
        """A link whose parameters start as copies of the arrays ``W`` and ``b``.

        Args:
            W: the filters, of shape ``(out_channels, in_channels / groups, kh, kw)``.
            b: the bias, of shape ``(out_channels,)`` (default None: zeros).
            stride (int or pair of ints): stride of filter applications.
            pad (int or pair of ints): zero padding of each spatial axis.
            nobias (bool): no bias when True.
            kwargs: ``dilate`` and ``groups``, as in the constructor.

        Returns:
            Convolution2D: the new link.
        """
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(in_channels, out_channels, W.shape[2:], stride, pad, nobias, initialW=W,
                   initial_bias=b, **kwargs)

    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        yield from self._common_specs()
        yield 'dilate', self.dilate
        yield 'groups', self.groups

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the convolution.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')``, where
            ``H' = (H + 2 * ph - dy * (kh - 1) - 1) // sy + 1`` (likewise ``W'``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_2d(x, self.W, self.b, self.stride, self.pad,
                                dilate=self.dilate, groups=self.groups)
