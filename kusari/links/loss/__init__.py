"""Loss links with parameters."""

import typing

from kusari import _lazy

_EXPORTS = {
    'BlackOut': 'black_out',
    'CRF1d': 'crf1d',
    'BinaryHierarchicalSoftmax': 'hierarchical_softmax',
    'NegativeSampling': 'negative_sampling',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.loss import (
        black_out as black_out, crf1d as crf1d, hierarchical_softmax as hierarchical_softmax,
        negative_sampling as negative_sampling, walker_alias as walker_alias)
    from kusari.links.loss.black_out import BlackOut as BlackOut
    from kusari.links.loss.crf1d import CRF1d as CRF1d
    from kusari.links.loss.hierarchical_softmax import (
        BinaryHierarchicalSoftmax as BinaryHierarchicalSoftmax)
    from kusari.links.loss.negative_sampling import NegativeSampling as NegativeSampling
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
