"""Inception module with batch normalization (Ioffe & Szegedy, 2015)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.functions._checks import ChainerAssertionError
from kusari.link import Chain
from kusari.links.connection.convolution_2d import Convolution2D
from kusari.links.normalization.batch_normalization import BatchNormalization

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class InceptionBN(Chain):
    """Inception with BatchNormalization after each convolution, two stacked 3x3
    convolutions in place of the 5x5 one, and max or average pooling.

    Args:
        in_channels (int or None): input channels (None: inferred from the first input).
        out1 (int): output channels of the 1x1 path (0: no such path).
        proj3 (int): channels of the 1x1 projection before the 3x3 convolution.
        out3 (int): output channels of the 3x3 path.
        proj33 (int): channels of the 1x1 projection before the two 3x3 convolutions.
        out33 (int): output channels of the double 3x3 path.
        pooltype (str): 'max' or 'avg'.
        proj_pool (int or None): output channels of a 1x1 projection after pooling
            (default None: no projection, the pooled input is passed on).
        stride (int): stride of the last convolution of each path and of pooling
            (default 1).
        conv_init: initializer of the filters (default None: LeCunNormal).
        dtype: dtype of the batch normalizations (default None: float32).
    """

    def __init__(self, in_channels: int | None, out1: int, proj3: int, out3: int,
                 proj33: int, out33: int, pooltype: str, proj_pool: int | None = None,
                 stride: int = 1, conv_init: types.InitializerSpec | None = None,
                 dtype: types.DTypeSpec = None) -> None:
        super().__init__()
        if pooltype not in ('max', 'avg'):
            raise NotImplementedError("InceptionBN: pooltype must be 'max' or 'avg', not {!r}"
                                      .format(pooltype))
        if out1 > 0 and (stride != 1 or proj_pool is None):  # an AssertionError, as Chainer's
            raise ChainerAssertionError('InceptionBN: a 1x1 path (out1 > 0) needs stride 1 and '
                                 'proj_pool')

        def conv(n_in, n_out, ksize, **kwargs):
            return Convolution2D(n_in, n_out, ksize, nobias=True, initialW=conv_init, **kwargs)

        with self.init_scope():
            self.proj3 = conv(in_channels, proj3, 1)
            self.conv3 = conv(proj3, out3, 3, pad=1, stride=stride)
            self.proj33 = conv(in_channels, proj33, 1)
            self.conv33a = conv(proj33, out33, 3, pad=1)
            self.conv33b = conv(out33, out33, 3, pad=1, stride=stride)
            self.proj3n = BatchNormalization(proj3, dtype=dtype)
            self.conv3n = BatchNormalization(out3, dtype=dtype)
            self.proj33n = BatchNormalization(proj33, dtype=dtype)
            self.conv33an = BatchNormalization(out33, dtype=dtype)
            self.conv33bn = BatchNormalization(out33, dtype=dtype)
            if out1 > 0:
                self.conv1 = conv(in_channels, out1, 1, stride=stride)
                self.conv1n = BatchNormalization(out1, dtype=dtype)
            if proj_pool is not None:
                self.poolp = conv(in_channels, proj_pool, 1)
                self.poolpn = BatchNormalization(proj_pool, dtype=dtype)
        self.out1 = out1
        self.proj_pool = proj_pool
        self.stride = stride
        self.pooltype = pooltype

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the paths and concatenate them.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, C, H', W')`` with
            ``C = out1 + out3 + out33 + P`` (``P``: ``proj_pool``, or ``in_channels``
            without it) and ``H' = (H - 1) // stride + 1`` (likewise ``W'``).
        """
        outs = []
        if self.out1 > 0:
            outs.append(F.relu(self.conv1n(self.conv1(x))))
        h3 = F.relu(self.proj3n(self.proj3(x)))
        outs.append(F.relu(self.conv3n(self.conv3(h3))))
        h33 = F.relu(self.proj33n(self.proj33(x)))
        h33 = F.relu(self.conv33an(self.conv33a(h33)))
        outs.append(F.relu(self.conv33bn(self.conv33b(h33))))
        if self.pooltype == 'max':
            p = F.max_pooling_2d(x, 3, stride=self.stride, pad=1, cover_all=False)
        else:
            p = F.average_pooling_2d(x, 3, stride=self.stride, pad=1)
        if self.proj_pool is not None:
            p = F.relu(self.poolpn(self.poolp(p)))
        outs.append(p)
        return F.concat(outs, axis=1)
