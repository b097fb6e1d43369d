"""create_multi_node_iterator: one process reads the batches, all receive them."""

from kusari.dataset import iterator as iterator_module

_STATE_NAMES = ('epoch', 'is_new_epoch', 'epoch_detail', 'previous_epoch_detail',
                'current_position', 'batch_size')


class _MultiNodeIterator(iterator_module.Iterator):
    """Every ``next()`` returns the batch that the master's iterator produced; the
    epoch counters follow the master's."""

    def __init__(self, actual_iterator, communicator, rank_master):
        self.actual_iterator = actual_iterator
        self.communicator = communicator
        self.rank_master = rank_master
        self._state = {'epoch': 0, 'is_new_epoch': False, 'epoch_detail': 0.0,
                       'previous_epoch_detail': None, 'current_position': 0,
                       'batch_size': getattr(actual_iterator, 'batch_size', None)}

    @property
    def is_master(self):
        return self.communicator.rank == self.rank_master

    def __next__(self):
        if self.is_master:
            try:
                batch, stop = self.actual_iterator.next(), False
            except StopIteration:
                batch, stop = None, True
            state = {name: getattr(self.actual_iterator, name, None)
                     for name in _STATE_NAMES}
            self.communicator.bcast_obj((stop, batch, state), root=self.rank_master)
        else:
            stop, batch, state = self.communicator.bcast_obj(None, root=self.rank_master)
        self._state = state
        if stop:
            raise StopIteration
        return batch

    next = __next__

    def __getattr__(self, name):
        if name in _STATE_NAMES:
            if self.is_master:
                return getattr(self.actual_iterator, name)
            return self.__dict__['_state'][name]
        return getattr(self.__dict__['actual_iterator'], name)

    def reset(self):
        """Restart the master's iteration (every process calls it, like any reset)."""
        if self.is_master:
            self.actual_iterator.reset()

    def finalize(self):
        self.actual_iterator.finalize()

    def serialize(self, serializer):
        """The master saves its iterator; the others their copy of the counters."""
        if self.is_master:
            self.actual_iterator.serialize(serializer)
            return
        for name in ('epoch', 'is_new_epoch', 'epoch_detail', 'current_position'):
            try:
                self._state[name] = serializer(name, self._state[name])
            except KeyError:
                pass  # a snapshot from the master's iterator may lack a counter


def create_multi_node_iterator(actual_iterator, communicator, rank_master=0):
    """An iterator whose batches come from ``actual_iterator`` of rank ``rank_master``.

    The master reads each batch and broadcasts it with its epoch counters; the other
    processes return the same batch (their own ``actual_iterator`` is not read; it may
    be over an empty dataset). Useful when all processes of a model-parallel job need
    the same inputs.

    Args:
        actual_iterator: the iterator (read at the master only).
        communicator: the communicator.
        rank_master (int): the reading process.
    """
    if not 0 <= rank_master < communicator.size:
        raise ValueError('create_multi_node_iterator: rank_master must be a rank from 0 to '
                         '{}, got {}'.format(communicator.size - 1, rank_master))
    return _MultiNodeIterator(actual_iterator, communicator, rank_master)
