"""Loss links with parameters."""

from kusari import _lazy

_EXPORTS = {
    'BlackOut': 'black_out',
    'CRF1d': 'crf1d',
    'BinaryHierarchicalSoftmax': 'hierarchical_softmax',
    'NegativeSampling': 'negative_sampling',
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
