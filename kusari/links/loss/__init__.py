"""Loss links with parameters."""

from kusari.links.loss.black_out import BlackOut  # NOQA
from kusari.links.loss.crf1d import CRF1d  # NOQA
from kusari.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax  # NOQA
from kusari.links.loss.negative_sampling import NegativeSampling  # NOQA

__all__ = [
    'BinaryHierarchicalSoftmax', 'BlackOut', 'CRF1d', 'NegativeSampling',
]
