"""create_multi_node_iterator: one process reads the batches, all receive them."""

import numpy

from kusari.dataset import iterator as iterator_module


def _build_ctrl_msg(stop, is_valid_data_type, is_paired_dataset, is_new_epoch,
                    current_position):
    """The control message the master sends before each batch: a float32 array of
    the five fields (flags as 0/1)."""
    return numpy.array([stop, is_valid_data_type, is_paired_dataset, is_new_epoch,
                        current_position], dtype=numpy.float32)


def _parse_ctrl_msg(msg):
    """The fields of a ``_build_ctrl_msg`` message: four bools and the position."""
    stop, is_valid_data_type, is_paired_dataset, is_new_epoch = (bool(x) for x in msg[:4])
    return stop, is_valid_data_type, is_paired_dataset, is_new_epoch, int(msg[4])


def _is_numeric(value):
    return numpy.asarray(value).dtype.kind in 'biufc'


def _describe(batch):
    """``(is_valid_data_type, is_paired_dataset)`` of a batch: its examples must be
    numeric (arrays or numbers) or tuples of them, as in ChainerMN."""
    if not batch:
        return True, False
    first = batch[0]
    if isinstance(first, tuple):
        return all(_is_numeric(x) for x in first), len(first) == 2
    return _is_numeric(first), False


def _order_of(iterator):
    """The order of the iterator's current epoch (None without shuffling)."""
    return getattr(getattr(iterator, '_state', None), 'order', None)


class _MultiNodeIteratorMaster(iterator_module.Iterator):
    """Reads ``actual_iterator`` and broadcasts each batch; everything else (attributes,
    ``reset``, ``epoch``, ``serialize``...) is the actual iterator's."""

    def __init__(self, actual_iterator, communicator, rank_master):
        self.__dict__.update(actual_iterator=actual_iterator, communicator=communicator,
                             rank_master=rank_master, _sent_order=_order_of(actual_iterator))
        dataset = getattr(actual_iterator, 'dataset', None)
        communicator.bcast_obj((None if dataset is None else len(dataset), self._sent_order,
                                getattr(actual_iterator, 'batch_size', None)),
                               root=rank_master)

    def __next__(self):
        actual = self.actual_iterator
        try:
            batch = actual.next()
        except StopIteration:
            batch = None
        stop = batch is None
        is_valid, is_paired = (False, False) if stop else _describe(batch)
        ctrl_msg = _build_ctrl_msg(stop, is_valid, is_paired, actual.is_new_epoch,
                                   actual.current_position)
        # The order goes along when it changed (a new epoch, a reset, a loaded
        # snapshot), so that the other processes' snapshots hold it too.
        order = _order_of(actual)
        new_order = None if order is self._sent_order else order
        self.__dict__['_sent_order'] = order
        self.communicator.bcast_obj((ctrl_msg, batch if is_valid else None, new_order),
                                    root=self.rank_master)
        if stop:
            raise StopIteration
        if not is_valid:
            raise TypeError(_INVALID_TYPE)
        return batch

    next = __next__

    def __getattr__(self, name):
        return getattr(self.__dict__['actual_iterator'], name)

    def __setattr__(self, name, value):
        setattr(self.actual_iterator, name, value)

    def finalize(self):
        self.actual_iterator.finalize()

    def serialize(self, serializer):
        self.actual_iterator.serialize(serializer)


# The epoch counters a slave keeps, with their types; saved under these keys, as
# Chainer's iterators save them (previous_epoch_detail -1 before the first batch).
_COUNTERS = (('current_position', int), ('epoch', int), ('is_new_epoch', bool),
             ('previous_epoch_detail', float))


class _MultiNodeIteratorSlave(iterator_module.Iterator):
    """Returns the master's batches; keeps a copy of its epoch counters and order."""

    def __init__(self, communicator, rank_master):
        self.communicator = communicator
        self.rank_master = rank_master
        self.dataset_size, self._order, self.batch_size = communicator.bcast_obj(
            None, root=rank_master)
        self.reset()

    def reset(self):
        """Start over (the master resets its iterator at the same time)."""
        self.epoch = 0
        self.current_position = 0
        self.is_new_epoch = False
        self.previous_epoch_detail = None

    def __next__(self):
        ctrl_msg, batch, new_order = self.communicator.bcast_obj(None, root=self.rank_master)
        stop, is_valid, _, is_new_epoch, current_position = _parse_ctrl_msg(ctrl_msg)
        if new_order is not None:
            self._order = new_order
        if stop:
            raise StopIteration
        self.previous_epoch_detail = self.epoch_detail
        self.is_new_epoch = is_new_epoch
        self.current_position = current_position
        self.epoch += int(is_new_epoch)
        if not is_valid:
            raise TypeError(_INVALID_TYPE)
        return batch

    next = __next__

    @property
    def epoch_detail(self):
        if not self.dataset_size:
            return float(self.epoch)
        return self.epoch + self.current_position / self.dataset_size

    def serialize(self, serializer):
        """Saves or loads the copy of the master's state, under the keys of Chainer's
        iterators: a plain iterator can resume from this process's snapshot too. No
        communication: processes may save snapshots independently."""
        for name, kind in _COUNTERS:
            value = getattr(self, name)
            if name == 'previous_epoch_detail' and value is None:
                value = -1.
            try:
                value = kind(serializer(name, value))
            except KeyError:
                pass  # e.g. an old snapshot without previous_epoch_detail
            setattr(self, name, value)
        if self.previous_epoch_detail is not None and self.previous_epoch_detail < 0:
            self.previous_epoch_detail = None
        if self._order is None:
            return
        try:
            loaded = serializer('order', self._order)  # loaded in place, as in Chainer
        except KeyError:
            return
        if loaded is not None:
            self._order = numpy.asarray(loaded)


_INVALID_TYPE = ('multi-node iterator: the examples of a batch must be arrays or numbers, '
                 'or tuples of them')


def create_multi_node_iterator(actual_iterator, communicator, rank_master=0):
    """An iterator whose batches come from ``actual_iterator`` of rank ``rank_master``.

    The master reads each batch and broadcasts it; the other processes return the same
    batch (their ``actual_iterator`` is not read; it may be over an empty dataset) and
    follow the master's epoch counters. Useful when all processes of a model-parallel
    job need the same inputs. The examples must be arrays or numbers, or tuples of them
    (a TypeError on every process otherwise). Every process's snapshot holds the
    master's iterator state.

    Args:
        actual_iterator: the iterator (read at the master only).
        communicator: the communicator.
        rank_master (int): the reading process.
    """
    if not 0 <= rank_master < communicator.size:
        raise ValueError('create_multi_node_iterator: rank_master must be a rank from 0 to '
                         '{}, got {}'.format(communicator.size - 1, rank_master))
    if communicator.rank == rank_master:
        return _MultiNodeIteratorMaster(actual_iterator, communicator, rank_master)
    return _MultiNodeIteratorSlave(communicator, rank_master)
