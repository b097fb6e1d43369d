"""Group normalization (Wu & He, 2018)."""

from __future__ import annotations

import typing

import numpy

from kusari import core
from kusari import functions as F
from kusari.variable import Parameter
from kusari.link import Link
from kusari.links.normalization.batch_normalization import initializer_of

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class GroupNormalization(Link):
    """Normalizes each sample over groups of channels, then scales by ``gamma`` and
    shifts by ``beta`` (both of shape (channels,)).

    Args:
        groups (int): number of channel groups; it divides the channels.
        size (int or None): number of channels (default None: inferred from the first
            input).
        eps (float): added to the variance (default 1e-5).
        initial_gamma: initializer of ``gamma`` (default None: 1).
        initial_beta: initializer of ``beta`` (default None: 0).
    """

    def __init__(self, groups: int, size: int | None = None, eps: float = 1e-5,
                 initial_gamma: types.InitializerSpec | None = None,
                 initial_beta: types.InitializerSpec | None = None) -> None:
        super().__init__()
        self.groups = groups
        self.eps = eps
        # the parameters in config.dtype, float32 under mixed16, as Chainer
        dtype = core.get_dtype(map_mixed16=numpy.float32)
        with self.init_scope():
            self.gamma = Parameter(initializer_of(initial_gamma, 1, dtype))
            self.beta = Parameter(initializer_of(initial_beta, 0, dtype))
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Normalize each sample by groups of channels.

        Args:
            x: input of shape ``(N, C, ...)`` with ``C = size``.

        Returns:
            ~kusari.Variable: the normalized input, of the same shape as ``x``.
        """
        if self.gamma.array is None:
            if x.ndim < 2:
                raise ValueError('GroupNormalization: the input must have a channel axis, '
                                 'got shape {}'.format(x.shape))
            self._initialize_params(x.shape[1])
        return F.group_normalization(x, self.groups, self.gamma, self.beta, self.eps)
