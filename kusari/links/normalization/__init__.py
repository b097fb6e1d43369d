"""Normalization links."""

from kusari import _lazy

_EXPORTS = {
    'BatchNormalization': 'batch_normalization',
    'BatchRenormalization': 'batch_renormalization',
    'DecorrelatedBatchNormalization': 'decorrelated_batch_normalization',
    'GroupNormalization': 'group_normalization',
    'LayerNormalization': 'layer_normalization',
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
