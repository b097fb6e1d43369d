"""Two-dimensional locally connected (unshared-weight) convolution link."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link
from kusari.links.connection._conv_setup import as_tuple
from kusari.utils.conv import get_conv_outsize
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class LocalConvolution2D(Link):
    """A convolution whose filters differ at every output position.

    ``W`` has shape ``(out_channels, out_h, out_w, in_channels, kh, kw)`` and ``b``
    shape ``(out_channels, out_h, out_w)``; there is no padding.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input,
            with ``in_size``).
        out_channels (int): output channels.
        in_size (int or pair of ints): the input's spatial size (default None: inferred).
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): stride (default 1).
        nobias (bool): no bias when True (default False).
        initialW: initializer of W (default None: LeCunNormal).
        initial_bias: initializer of b (default None: zeros).
        kwargs: none is accepted (a TypeError names it).
    """

    def __init__(self, in_channels: int | None, out_channels: int,
                 in_size: types.ShapeSpec | None = None, ksize: types.ShapeSpec | None = None,
                 stride: types.ShapeSpec = 1, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 **kwargs: typing.Any) -> None:
        super().__init__()
        argument.parse_kwargs_of('LocalConvolution2D', kwargs)
        self.ksize = as_tuple(ksize, 2)
        self.stride = as_tuple(stride, 2)
        self.nobias = nobias
        self.out_channels = out_channels
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW))
            self.b = None if nobias else Parameter(
                initializers._get_initializer(initial_bias, default=0))
        if in_channels is not None and in_size is not None:
            self._initialize_params(in_channels, as_tuple(in_size, 2))

    def _initialize_params(self, in_channels, in_size):
        out_h, out_w = (get_conv_outsize(s, k, st, 0)
                        for s, k, st in zip(in_size, self.ksize, self.stride))
        self.W.initialize((self.out_channels, out_h, out_w, in_channels) + self.ksize)
        if self.b is not None:
            self.b.initialize((self.out_channels, out_h, out_w))

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the convolution.

        Args:
            x: input of shape ``(N, in_channels, H, W)`` (``(H, W)`` is ``in_size``).

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, out_h, out_w)``, where
            ``out_h = (H - kh) // sy + 1`` (likewise ``out_w``).
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1], x.shape[2:])
        return F.local_convolution_2d(x, self.W, self.b, self.stride)
