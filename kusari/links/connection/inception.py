"""Inception module of GoogLeNet (Szegedy et al., 2015)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.link import Chain
from kusari.links.connection.convolution_2d import Convolution2D

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Inception(Chain):
    """Four parallel paths concatenated along channels: a 1x1 convolution, 1x1 then
    3x3, 1x1 then 5x5, and 3x3 max pooling then 1x1, all followed by ReLU.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        out1 (int): output channels of the 1x1 path.
        proj3 (int): channels of the 1x1 projection before the 3x3 convolution.
        out3 (int): output channels of the 3x3 path.
        proj5 (int): channels of the 1x1 projection before the 5x5 convolution.
        out5 (int): output channels of the 5x5 path.
        proj_pool (int): output channels of the pooling path's projection.
        conv_init: initializer of the filters (default None: LeCunNormal).
        bias_init: initializer of the biases (default None: zeros).
    """

    def __init__(self, in_channels: int | None, out1: int, proj3: int, out3: int, proj5: int,
                 out5: int, proj_pool: int, conv_init: types.InitializerSpec | None = None,
                 bias_init: types.InitializerSpec | None = None) -> None:
        super().__init__()
        with self.init_scope():
            self.conv1 = Convolution2D(in_channels, out1, 1, initialW=conv_init,
                                       initial_bias=bias_init)
            self.proj3 = Convolution2D(in_channels, proj3, 1, initialW=conv_init,
                                       initial_bias=bias_init)
            self.conv3 = Convolution2D(proj3, out3, 3, pad=1, initialW=conv_init,
                                       initial_bias=bias_init)
            self.proj5 = Convolution2D(in_channels, proj5, 1, initialW=conv_init,
                                       initial_bias=bias_init)
            self.conv5 = Convolution2D(proj5, out5, 5, pad=2, initialW=conv_init,
                                       initial_bias=bias_init)
            self.projp = Convolution2D(in_channels, proj_pool, 1, initialW=conv_init,
                                       initial_bias=bias_init)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the four paths and concatenate them.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape
            ``(N, out1 + out3 + out5 + proj_pool, H, W)``.
        """
        out1 = self.conv1(x)
        out3 = self.conv3(F.relu(self.proj3(x)))
        out5 = self.conv5(F.relu(self.proj5(x)))
        pool = self.projp(F.max_pooling_2d(x, 3, stride=1, pad=1))
        return F.relu(F.concat((out1, out3, out5, pool), axis=1))
