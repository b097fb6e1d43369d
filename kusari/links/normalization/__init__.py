"""Normalization links."""

import typing

from kusari import _lazy

_EXPORTS = {
    'BatchNormalization': 'batch_normalization',
    'BatchRenormalization': 'batch_renormalization',
    'DecorrelatedBatchNormalization': 'decorrelated_batch_normalization',
    'GroupNormalization': 'group_normalization',
    'LayerNormalization': 'layer_normalization',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.normalization import (
        batch_normalization as batch_normalization, batch_renormalization as batch_renormalization,
        decorrelated_batch_normalization as decorrelated_batch_normalization,
        group_normalization as group_normalization, layer_normalization as layer_normalization)
    from kusari.links.normalization.batch_normalization import (
        BatchNormalization as BatchNormalization)
    from kusari.links.normalization.batch_renormalization import (
        BatchRenormalization as BatchRenormalization)
    from kusari.links.normalization.decorrelated_batch_normalization import (
        DecorrelatedBatchNormalization as DecorrelatedBatchNormalization)
    from kusari.links.normalization.group_normalization import (
        GroupNormalization as GroupNormalization)
    from kusari.links.normalization.layer_normalization import (
        LayerNormalization as LayerNormalization)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
