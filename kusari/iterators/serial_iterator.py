"""SerialIterator: reads the examples of each batch in the calling thread."""

from kusari.dataset import iterator
from kusari.iterators import _state


class SerialIterator(_state.EpochStateMixin, iterator.Iterator):
    """Dataset iterator that reads the examples one by one, in order or shuffled.

    Each batch is a list of ``batch_size`` examples (the last batch of a
    non-repeating iteration may be shorter). With ``repeat`` the iteration is endless
    and a batch that crosses the end of an epoch continues with the next epoch's order.
    With shuffling (the default), the order of each epoch is a permutation drawn from
    the iterator's own ``RandomState``, seeded from NumPy's global generator when the
    iterator is created: ``numpy.random.seed`` before that reproduces the batches, and
    snapshots save the generator, so a resumed run shuffles like an uninterrupted one.

    Args:
        dataset: The dataset to iterate over.
        batch_size (int): The number of examples in a batch.
        repeat (bool): Loop over the dataset forever; otherwise stop after one epoch.
        shuffle (bool): Shuffle the examples at every epoch. ``None`` (default)
            shuffles unless ``order_sampler`` is given.
        order_sampler (callable): Chooses each epoch's order (see
            :class:`~kusari.iterators.OrderSampler`); only with ``shuffle=None``.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, order_sampler=None):
        _state.check_batch_size('SerialIterator', batch_size)
        self.dataset = dataset
        self.batch_size = batch_size
        self._repeat = repeat
        self._shuffle = shuffle
        self.order_sampler = _state.resolve_order_sampler('SerialIterator', shuffle,
                                                          order_sampler)
        self.reset()

    def __next__(self):
        self._check_not_empty()
        self._previous_epoch_detail = self.epoch_detail
        self._state, indices = _state.advance(self._state, self.batch_size, self._repeat,
                                              self.order_sampler, len(self.dataset))
        if indices is None:
            raise StopIteration
        return [self.dataset[index] for index in indices]

    next = __next__

    @property
    def repeat(self):
        """Whether the iterator loops over the dataset forever."""
        return self._repeat

    def reset(self):
        """Goes back to the start of the first epoch (drawing a new order if shuffling)."""
        self._state = _state.initial_state(len(self.dataset), self.order_sampler)
        self._previous_epoch_detail = -1.

    def serialize(self, serializer):
        """Saves or loads the position, epoch and order."""
        self._serialize_state(serializer)
