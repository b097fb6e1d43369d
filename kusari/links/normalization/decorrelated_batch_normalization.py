"""Decorrelated batch normalization (Huang et al., 2018)."""

import warnings

import numpy

from kusari import backend, configuration
from kusari import functions as F
from kusari.link import Link
from kusari.links.normalization.batch_normalization import (parse_finetune,
                                                            statistics_to_update)
from kusari.serializer import Deserializer
from kusari.utils import argument


class DecorrelatedBatchNormalization(Link):
    """Whitens groups of channels by batch statistics (ZCA) while training, keeping
    moving averages ``avg_mean`` (groups, C) and ``avg_projection`` (groups, C, C) for
    use when ``config.train`` is False.

    Args:
        size (int): number of channels.
        groups (int or None): number of channel groups whitened separately.
        decay (float): decay rate of the moving averages.
        eps (float): added to the covariance's diagonal.
        dtype: dtype of the statistics.
        group_size (int or None): channels per group (keyword only; instead of groups).
    """

    def __init__(self, size, groups=16, decay=0.9, eps=2e-5, dtype=numpy.float32, **kwargs):
        super().__init__()
        group_size, = argument.parse_kwargs_of('DecorrelatedBatchNormalization', kwargs,
                                               ('group_size', None))
        if group_size is None and groups is None:
            group_size = 16
        if group_size is None:
            group_size = size // groups
        elif groups is None:
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

    def serialize(self, serializer):
        if isinstance(serializer, Deserializer):
            serializer = _PatchedDeserializer(serializer, self.groups)
        super().serialize(serializer)

    def forward(self, x, **kwargs):
        """forward(self, x, *, finetune=False)"""
        finetune = parse_finetune('DecorrelatedBatchNormalization', kwargs)
        if configuration.config.train:
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

    def start_finetuning(self):
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
