"""create_mnbn_model: a copy of a model with multi-node batch normalization."""

import copy

from kusari.distributed.links.batch_normalization import MultiNodeBatchNormalization
from kusari.link import Chain, ChainList
from kusari.links.normalization.batch_normalization import BatchNormalization


def _to_mnbn(bn, comm, communication_backend):
    """A MultiNodeBatchNormalization with the parameters and statistics of ``bn``."""
    mnbn = MultiNodeBatchNormalization(
        bn.avg_mean.shape, comm, decay=bn.decay, eps=bn.eps, dtype=bn.avg_mean.dtype,
        use_gamma=bn.gamma is not None, use_beta=bn.beta is not None,
        communication_backend=communication_backend)
    for name in ('gamma', 'beta'):
        source = getattr(bn, name)
        if source is not None:
            getattr(mnbn, name).array[...] = source.array
    mnbn.avg_mean[...] = bn.avg_mean
    mnbn.avg_var[...] = bn.avg_var
    mnbn.N = bn.N
    mnbn.to_device(bn.device)
    return mnbn


def _is_plain_bn(link):
    return isinstance(link, BatchNormalization) and not isinstance(
        link, MultiNodeBatchNormalization)


def _convert(link, comm, communication_backend):
    """``link`` itself with its BatchNormalization descendants replaced, or the
    replacement if ``link`` is one."""
    if _is_plain_bn(link):
        if link.avg_mean is None:
            raise ValueError('create_mnbn_model: a BatchNormalization link without a size '
                             'cannot be converted; give it its size')
        new = _to_mnbn(link, comm, communication_backend)
        new.name = link.name
        return new
    if isinstance(link, Chain):
        for name in list(link._children):
            child = link.__dict__[name]
            converted = _convert(child, comm, communication_backend)
            if converted is not child:
                link.__dict__[name] = converted
    elif isinstance(link, ChainList):
        for i, child in enumerate(link._children):
            link._children[i] = _convert(child, comm, communication_backend)
    return link


def create_mnbn_model(link, comm, communication_backend='auto'):
    """A deep copy of ``link`` whose BatchNormalization links are replaced by
    :class:`MultiNodeBatchNormalization` links with the same parameters and statistics.

    Args:
        link (~kusari.Link): the model (BatchNormalization links must know their size).
        comm: the communicator.
        communication_backend (str): passed to the new links.
    """
    return _convert(copy.deepcopy(link), comm, communication_backend)
