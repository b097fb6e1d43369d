"""Normalization functions."""

from kusari.functions.normalization.batch_normalization import (
    batch_normalization,
    fixed_batch_normalization,
)
from kusari.functions.normalization.batch_renormalization import (
    batch_renormalization,
    fixed_batch_renormalization,
)
from kusari.functions.normalization.decorrelated_batch_normalization import (
    decorrelated_batch_normalization,
    fixed_decorrelated_batch_normalization,
)
from kusari.functions.normalization.group_normalization import group_normalization
from kusari.functions.normalization.l2_normalization import normalize
from kusari.functions.normalization.layer_normalization import layer_normalization
from kusari.functions.normalization.local_response_normalization import local_response_normalization

__all__ = [
    'batch_normalization', 'batch_renormalization', 'decorrelated_batch_normalization',
    'fixed_batch_normalization', 'fixed_batch_renormalization',
    'fixed_decorrelated_batch_normalization', 'group_normalization', 'layer_normalization',
    'local_response_normalization', 'normalize',
]
