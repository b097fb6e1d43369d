"""Decorrelated batch normalization (Huang et al., 2018)."""

from __future__ import annotations

import typing
import warnings

import numpy

from kusari import backend
from kusari import functions as F
from kusari.link import Link
from kusari.links.normalization.batch_normalization import (parse_finetune,
                                                            statistics_to_update)
from kusari.serializer import AbstractSerializer, Deserializer
from kusari.utils import argument
from kusari.configuration import config

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class DecorrelatedBatchNormalization(Link):
    """Whitens groups of channels by batch statistics (ZCA) while training, keeping
    moving averages ``avg_mean`` (groups, C) and ``avg_projection`` (groups, C, C) for
    use when ``config.train`` is False.

    Args:
        size (int): number of channels.
        groups (int or None): number of channel groups whitened separately
            (default 16).
        decay (float): decay rate of the moving averages (default 0.9).
        eps (float): added to the covariance's diagonal (default 2e-5).
        dtype: dtype of the statistics (default float32).
        kwargs: ``group_size`` (int or None): channels per group, instead of
            ``groups`` (pass ``groups=None`` with it).
    """

    def __init__(self, size: int, groups: int | None = 16, decay: float = 0.9,
                 eps: float = 2e-5, dtype: types.DTypeSpec = numpy.float32,
                 **kwargs: typing.Any) -> None:
        super().__init__()
        group_size, = argument.parse_kwargs_of('DecorrelatedBatchNormalization', kwargs,
                                               ('group_size', None))
        if group_size is None:
            group_size = 16 if groups is None else size // groups
        if groups is None:
            groups = size // group_size
        if groups * group_size != size:
            raise ValueError('DecorrelatedBatchNormalization: size ({}) must equal groups '
                             '({}) * group_size ({})'.format(size, groups, group_size))
        self.avg_mean = numpy.zeros((groups, group_size), dtype=dtype)
        self.register_persistent('avg_mean')
        self.avg_projection = numpy.broadcast_to(
            numpy.eye(group_size, dtype=dtype), (groups, group_size, group_size)).copy()
        self.register_persistent('avg_projection')
        self.N = 0
        self.register_persistent('N')
        self.decay = decay
        self.eps = eps
        self.groups = groups

    def serialize(self, serializer: AbstractSerializer) -> None:
        if isinstance(serializer, Deserializer):
            serializer = _PatchedDeserializer(serializer, self.groups)
        super().serialize(serializer)

    def forward(self, x: types.VariableOrArray, **kwargs: typing.Any) -> Variable:
        """forward(self, x, *, finetune=False)

        Whiten ``x`` by groups of channels.

        Args:
            x: input of shape ``(N, size, ...)``.
            kwargs: ``finetune`` (bool, default False): while training, accumulate
                the exact population statistics instead of moving averages.

        Returns:
            ~kusari.Variable: the whitened input, of the same shape as ``x``.
        """
        finetune = parse_finetune('DecorrelatedBatchNormalization', kwargs)
        if config.train:
            if finetune:
                self.N += 1
                decay = 1.0 - 1.0 / self.N
            else:
                decay = self.decay
            mean, projection = statistics_to_update(self, finetune, self.avg_mean,
                                                    self.avg_projection)
            return F.decorrelated_batch_normalization(
                x, groups=self.groups, eps=self.eps, running_mean=mean,
                running_projection=projection, decay=decay)
        return F.fixed_decorrelated_batch_normalization(x, self.avg_mean, self.avg_projection,
                                                        groups=self.groups)

    def start_finetuning(self) -> None:
        """Restart the population statistics count of fine-tuning mode."""
        self.N = 0


class _PatchedDeserializer(Deserializer):
    """Reads the statistics of models saved by Chainer before v7 (Chainer issue #7706):
    ``avg_mean`` (C,) and ``avg_projection`` (C, C), shared by every group, are spread to
    (groups, C) and (groups, C, C), with a warning when there are several groups (the
    old algorithm differed from the paper's)."""

    def __init__(self, base, groups):
        self.base = base
        self.groups = groups

    def __repr__(self):
        return '_PatchedDeserializer({!r}, groups={})'.format(self.base, self.groups)

    def __call__(self, key, value):
        ndim = {'avg_mean': 2, 'avg_projection': 3}.get(key)
        if ndim is None:
            return self.base(key, value)
        stored = self.base(key, None)
        if stored is None:  # not in the file, or a checking pass that reads nothing
            return value
        if stored.ndim == ndim - 1:
            if self.groups != 1:
                warnings.warn('Found moving statistics of old DecorrelatedBatchNormalization, '
                              'whose algorithm was different from the paper.', stacklevel=2)
            stored = numpy.broadcast_to(stored, (self.groups,) + stored.shape)
        elif stored.ndim != ndim:
            raise ValueError('DecorrelatedBatchNormalization: unexpected shape {} of {}'
                             .format(stored.shape, key))
        if value is None:
            return stored
        backend.copyto(value, stored)
        return value
