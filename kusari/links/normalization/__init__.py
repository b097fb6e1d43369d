"""Normalization links."""

from kusari.links.normalization.batch_normalization import BatchNormalization  # NOQA
from kusari.links.normalization.batch_renormalization import BatchRenormalization  # NOQA
from kusari.links.normalization.decorrelated_batch_normalization import (  # NOQA
    DecorrelatedBatchNormalization)
from kusari.links.normalization.group_normalization import GroupNormalization  # NOQA
from kusari.links.normalization.layer_normalization import LayerNormalization  # NOQA

__all__ = [
    'BatchNormalization', 'BatchRenormalization', 'DecorrelatedBatchNormalization',
    'GroupNormalization', 'LayerNormalization',
]
