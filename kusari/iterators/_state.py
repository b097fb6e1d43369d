"""The epoch bookkeeping that every iterator shares.

An iterator's position is an ``IteratorState`` (position in the epoch's order, epoch,
whether the last batch ended an epoch, and the order). ``advance`` computes the next
batch's indices and state from the current one without touching the dataset, so that
prefetching iterators can run ahead and still produce the batches SerialIterator would.
"""

import collections

import numpy

from kusari.iterators.order_samplers import ShuffleOrderSampler

IteratorState = collections.namedtuple(
    'IteratorState', ('current_position', 'epoch', 'is_new_epoch', 'order'))


def resolve_order_sampler(iterator_name, shuffle, order_sampler):
    """The order sampler to use for the ``shuffle`` / ``order_sampler`` arguments."""
    if shuffle is not None and order_sampler is not None:
        raise ValueError('{}: shuffle and order_sampler cannot both be given; leave shuffle '
                         'as None to use the order sampler'.format(iterator_name))
    if order_sampler is not None:
        return order_sampler
    if shuffle is None or shuffle:
        return ShuffleOrderSampler(default_random_state())
    return None


def default_random_state():
    """A RandomState of the default order sampler, seeded from NumPy's global generator.

    ``numpy.random.seed`` before creating an iterator still reproduces its batches, and
    the sampler's own generator is saved in snapshots, so a resumed run shuffles its
    later epochs exactly as the uninterrupted run does.
    """
    return numpy.random.RandomState(numpy.random.randint(0, 2 ** 32, size=4, dtype=numpy.int64))


def check_batch_size(iterator_name, batch_size):
    if not isinstance(batch_size, (int, numpy.integer)) or isinstance(batch_size, bool) \
            or batch_size <= 0:
        raise ValueError('{}: batch_size must be a positive int, got {!r}'.format(
            iterator_name, batch_size))


def initial_state(dataset_length, order_sampler):
    """The state of a freshly reset iterator (the sampler gives the first epoch's order)."""
    order = None
    if order_sampler is not None:
        order = numpy.asarray(order_sampler(numpy.arange(dataset_length), 0))
    return IteratorState(0, 0, False, order)


def advance(state, batch_size, repeat, order_sampler, dataset_length):
    """The indices of the next batch and the state after it.

    A batch that reaches the end of an epoch continues with the next epoch's order (if
    ``repeat``), asking ``order_sampler`` for it. A non-repeating iterator ends its only
    epoch with a short batch.

    Returns:
        tuple: ``(new_state, indices)``, or ``(state, None)`` when a non-repeating
        iterator has finished its epoch.
    """
    position, epoch, _, order = state
    if not repeat and epoch > 0:
        return state, None
    epoch_size = dataset_length if order is None else len(order)
    if epoch_size == 0:
        raise ValueError('cannot iterate over an empty dataset')
    end = position + batch_size
    if not repeat:
        end = min(end, epoch_size)
    pieces = []
    is_new_epoch = False
    while end >= epoch_size:
        pieces.append(_indices(order, position, epoch_size))
        if order is not None:
            new_order = numpy.asarray(order_sampler(order, position))
            if len(new_order) != len(order):
                raise ValueError('the order sampler returned an order of length {} instead '
                                 'of {}'.format(len(new_order), len(order)))
            order = new_order
        position = 0
        end = end - epoch_size if repeat else 0
        epoch += 1
        is_new_epoch = True
    pieces.append(_indices(order, position, end))
    return IteratorState(end, epoch, is_new_epoch, order), numpy.concatenate(pieces)


def _indices(order, start, stop):
    if order is None:
        return numpy.arange(start, stop, dtype=numpy.intp)
    return order[start:stop]


class EpochStateMixin:
    """Properties and serialization of an iterator's epoch state.

    The iterator keeps ``self._state`` (an ``IteratorState``), ``self._previous_epoch_detail``
    (``-1.`` before the first batch; stored as a number because some serializers cannot
    store ``None``), ``self.dataset`` and ``self.batch_size``.
    """

    @property
    def current_position(self):
        """The position of the next batch in the current epoch's order."""
        return self._state.current_position

    @property
    def epoch(self):
        """The number of epochs completed."""
        return self._state.epoch

    @property
    def is_new_epoch(self):
        """Whether the last batch completed an epoch."""
        return self._state.is_new_epoch

    @property
    def epoch_detail(self):
        """Fractional number of epochs completed, e.g. 1.5 in the middle of the second."""
        epoch_size = self._epoch_size
        return self.epoch + (self.current_position / epoch_size if epoch_size else 0.)

    def _check_not_empty(self):
        # An iterator over an empty dataset can be created (as in Chainer), not drawn from.
        if self._epoch_size == 0:
            raise ValueError('{}: the dataset is empty, so there is no batch to '
                             'draw'.format(type(self).__name__))

    @property
    def previous_epoch_detail(self):
        """``epoch_detail`` before the last batch, or ``None`` before the first batch."""
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    @property
    def _epoch_size(self):
        order = self._state.order
        return len(self.dataset) if order is None else len(order)

    def _serialize_state(self, serializer):
        """Saves or loads the epoch state; returns whether it changed."""
        old_state = self._state
        old_previous = self._previous_epoch_detail
        current_position = int(serializer('current_position', old_state.current_position))
        epoch = int(serializer('epoch', old_state.epoch))
        is_new_epoch = bool(serializer('is_new_epoch', old_state.is_new_epoch))
        order = old_state.order
        if order is not None:
            order = numpy.array(order)  # loaded in place: never into a shared array
            try:
                loaded = serializer('order', order)
            except KeyError:
                loaded = serializer('_order', order)
            if loaded is not None:
                order = numpy.asarray(loaded)
        self._state = IteratorState(current_position, epoch, is_new_epoch, order)
        try:
            self._previous_epoch_detail = float(
                serializer('previous_epoch_detail', old_previous))
        except KeyError:
            # A snapshot without it: estimate it from the position.
            previous = epoch + (current_position - self.batch_size) / self._epoch_size
            self._previous_epoch_detail = max(previous, 0.) if self.epoch_detail > 0 else -1.
        serialize_sampler = getattr(self.order_sampler, 'serialize', None)
        if serialize_sampler is not None:
            try:
                child = serializer['order_sampler']
            except NotImplementedError:
                # A serializer without children (Chainer's Serializer leaves __getitem__
                # abstract, and its iterators never call it): it gets the keys Chainer's
                # iterators write, without the sampler's state.
                child = None
            if child is not None:
                try:
                    serialize_sampler(child)
                except KeyError:
                    pass  # a snapshot without the sampler's state (e.g. one made by Chainer)
        return not (old_state[:3] == self._state[:3]
                    and old_previous == self._previous_epoch_detail
                    and (order is None or numpy.array_equal(order, old_state.order)))


class _CaptureSerializer:
    """Serializer that copies the serialized values into a dict."""

    def __init__(self, target, prefix=''):
        self.target = target
        self.prefix = prefix

    def __getitem__(self, key):
        return _CaptureSerializer(self.target, self.prefix + key + '/')

    def __call__(self, key, value):
        self.target[self.prefix + key] = numpy.array(value) if isinstance(
            value, numpy.ndarray) else value
        return value


class _RestoreDeserializer:
    """Deserializer that loads the values a _CaptureSerializer captured."""

    def __init__(self, source, prefix=''):
        self.source = source
        self.prefix = prefix

    def __getitem__(self, key):
        return _RestoreDeserializer(self.source, self.prefix + key + '/')

    def __call__(self, key, value):
        loaded = self.source[self.prefix + key]
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, loaded)
            return value
        return loaded


def capture_sampler(order_sampler):
    """A snapshot of an order sampler's state, or None if it has no state to save."""
    serialize = getattr(order_sampler, 'serialize', None)
    if serialize is None:
        return None
    snapshot = {}
    serialize(_CaptureSerializer(snapshot))
    return snapshot or None


def same_sampler_state(a, b):
    """Whether two ``capture_sampler`` snapshots are equal."""
    return a.keys() == b.keys() and all(numpy.array_equal(a[k], b[k]) for k in a)


def restore_sampler(order_sampler, snapshot):
    """Puts an order sampler back in the state ``capture_sampler`` saw."""
    order_sampler.serialize(_RestoreDeserializer(snapshot))
