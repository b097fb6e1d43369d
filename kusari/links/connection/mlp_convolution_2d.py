"""Network-in-network convolution block (Lin et al., 2014)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.utils import argument
from kusari.link import ChainList
from kusari.links.connection.convolution_2d import Convolution2D

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class MLPConvolution2D(ChainList):
    """A Convolution2D followed by 1x1 convolutions with ``activation`` between them
    (not after the last); the children are named '0', '1', ...

    Args:
        in_channels (int or None): input channels (None: inferred).
            ``MLPConvolution2D(out_channels, ksize)`` is also accepted.
        out_channels (tuple of ints): output channels of each convolution.
        ksize (int or pair of ints): filter size of the first convolution.
        stride (int or pair of ints): stride of the first convolution (default 1).
        pad (int or pair of ints): padding of the first convolution (default 0).
        activation (callable): the activation (default: relu).
        args: refused (Chainer v1's ``wscale``).
        kwargs: ``conv_init`` and ``bias_init``, the initializers of the filters and
            the biases (default None: LeCunNormal and zeros).
    """

    # in_channels and out_channels are Any: in the short form they hold out_channels and
    # ksize.
    def __init__(self, in_channels: typing.Any, out_channels: typing.Any,
                 ksize: types.ShapeSpec | None = None, stride: types.ShapeSpec = 1,
                 pad: types.ShapeSpec = 0,
                 activation: typing.Callable[..., typing.Any] = F.relu,
                 *args: typing.Any, **kwargs: typing.Any) -> None:
        if ksize is None:
            out_channels, ksize, in_channels = in_channels, out_channels, None
        # Chainer v1 took wscale (positionally too): refused with a pointer to the
        # initializers (TypeError positionally, ValueError by keyword, as Chainer).
        wscale = ('MLPConvolution2D: wscale is not supported anymore; use conv_init and '
                  'bias_init to change the scale of the initial parameters')
        if args:
            raise TypeError(wscale)
        conv_init, bias_init = argument.parse_kwargs(
            dict(kwargs), ('conv_init', None), ('bias_init', None), wscale=wscale)
        if not out_channels:
            raise ValueError('MLPConvolution2D: out_channels must be a non-empty tuple')
        convs = [Convolution2D(in_channels, out_channels[0], ksize, stride, pad,
                               initialW=conv_init, initial_bias=bias_init)]
        for n_in, n_out in zip(out_channels, out_channels[1:]):
            convs.append(Convolution2D(n_in, n_out, 1, initialW=conv_init,
                                       initial_bias=bias_init))
        super().__init__(*convs)
        self.activation = activation

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the convolutions.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels[-1], H', W')``, where
            ``H' = (H + 2 * pad - kh) // stride + 1`` (likewise ``W'``).
        """
        convs = list(self)
        for conv in convs[:-1]:
            x = self.activation(conv(x))
        return convs[-1](x)
