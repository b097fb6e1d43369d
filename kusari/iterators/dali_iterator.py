"""Chainer's ``DaliIterator``, which kusari does not support."""

from kusari.dataset import iterator


class DaliIterator(iterator.Iterator):
    """Chainer's iterator over the batches of an NVIDIA DALI pipeline (data loading and
    augmentation on the GPU).

    kusari has no DALI integration, so constructing it raises NotImplementedError; the
    class exists so that code importing or checking against it runs.

    Args:
        pipeline: a DALI pipeline (in Chainer).
        repeat (bool): whether to loop over the data (in Chainer).
    """

    def __init__(self, pipeline, repeat=True):
        raise NotImplementedError(
            'DaliIterator is not supported by kusari: it has no NVIDIA DALI integration. '
            'Use MultiprocessIterator or MultithreadIterator over a dataset that loads '
            '(and augments) the examples.')
