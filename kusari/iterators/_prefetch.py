"""Base of the iterators that load upcoming batches in a pool of workers.

The main thread decides every batch's indices with the same state machine as
SerialIterator (``_state.advance``), only ahead of time: it keeps ``n_prefetch``
batches submitted to the pool, each with the iterator state that follows it. So the
batches are SerialIterator's for the same seed, and an error, Ctrl-C or ``finalize``
shuts the workers down from the thread that owns them (no background thread to leak).

Running ahead also advances the order sampler ahead. When the sampler has its own
state (``ShuffleOrderSampler`` with a ``RandomState``), each pending batch also keeps
the sampler's state after it, and dropping pending batches rewinds the sampler to the
caller's position, so snapshots hold the state SerialIterator would have saved.
"""

import collections
import copy
import multiprocessing
import time
import warnings

from kusari.dataset import iterator
from kusari.iterators import _state

# How long shutting the workers down waits for the batches they are loading.
_DRAIN_TIMEOUT_S = 5.0


class TimeoutWarning(RuntimeWarning):
    """Warned when loading a batch takes longer than ``dataset_timeout`` seconds."""


class PrefetchIterator(_state.EpochStateMixin, iterator.Iterator):
    """Iterator whose batches are loaded by a pool of workers, ``n_prefetch`` ahead.

    Subclasses implement ``_create_pool`` (a ``multiprocessing`` Pool or ThreadPool) and
    ``_fetch_async(pool, indices)`` (an ``AsyncResult`` of the list of examples).
    """

    TimeoutWarning = TimeoutWarning

    _pool = None
    _finalized = True  # until __init__ completes, there is nothing to finalize
    # Whether the iterator stays usable after finalize() (new workers start when needed).
    _usable_after_finalize = False

    def __init__(self, dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch,
                 dataset_timeout):
        name = type(self).__name__
        _state.check_batch_size(name, batch_size)
        if not isinstance(n_prefetch, int) or n_prefetch < 1:
            raise ValueError('{}: n_prefetch must be a positive int, got {!r}'.format(
                name, n_prefetch))
        self.dataset = dataset
        self.batch_size = batch_size
        self._repeat = repeat
        self.order_sampler = _state.resolve_order_sampler(name, shuffle, order_sampler)
        self.n_prefetch = n_prefetch
        self.dataset_timeout = dataset_timeout
        # (AsyncResult, iterator state after that batch, order sampler state after it)
        self._pending = collections.deque()
        self._sampler_snapshot = None
        self._reset_state()
        self._finalized = False

    def _create_pool(self):
        raise NotImplementedError

    def _fetch_async(self, pool, indices):
        raise NotImplementedError

    @property
    def repeat(self):
        """Whether the iterator loops over the dataset forever."""
        return self._repeat

    def __next__(self):
        if self._finalized:
            raise RuntimeError('{}: the iterator has been finalized'.format(
                type(self).__name__))
        self._check_not_empty()
        try:
            loaded = self._load_next_batch()
        except BaseException:
            # An error in the dataset, or Ctrl-C (which may arrive anywhere in here): stop
            # the workers now. The batch is not consumed; a later call starts new workers
            # and loads it again.
            self._stop_workers()
            raise
        if loaded is None:
            self._previous_epoch_detail = self.epoch_detail
            raise StopIteration
        batch, state, sampler_snapshot = loaded
        self._previous_epoch_detail = self.epoch_detail
        self._state = state
        self._sampler_snapshot = sampler_snapshot
        return batch

    def _load_next_batch(self):
        """(batch, state after it, sampler state after it), or None at the end."""
        if self._pool is None:
            self._pool = self._create_pool()
        self._fill()
        if not self._pending:
            return None
        result, state, sampler_snapshot = self._pending.popleft()
        self._fill()  # keep the workers busy while this batch is awaited
        return self._wait(result), state, sampler_snapshot

    next = __next__

    def _fill(self):
        """Submits batches until ``n_prefetch`` are pending or the iteration ends."""
        while len(self._pending) < self.n_prefetch and not self._producer_done:
            state, indices = _state.advance(self._producer_state, self.batch_size,
                                            self._repeat, self.order_sampler,
                                            len(self.dataset))
            if indices is None:
                self._producer_done = True
                break
            self._pending.append((self._fetch_async(self._pool, indices), state,
                                  _state.capture_sampler(self.order_sampler)))
            self._producer_state = state

    def _wait(self, result):
        if self.dataset_timeout is None:
            return result.get()
        try:
            return result.get(self.dataset_timeout)
        except multiprocessing.TimeoutError:
            warnings.warn(
                '{}: loading a batch has taken more than {} seconds; the dataset may be '
                'stalled (e.g. a worker blocked on a lock or a thread-pool library such as '
                'OpenCV)'.format(type(self).__name__, self.dataset_timeout),
                self.TimeoutWarning, stacklevel=3)
        return result.get()

    def _discard_pending(self):
        """Forgets the submitted batches; production restarts from the current state."""
        if self._sampler_snapshot is not None:
            _state.restore_sampler(self.order_sampler, self._sampler_snapshot)
        self._pending.clear()
        self._producer_state = self._state
        self._producer_done = False

    def _terminate_pool(self):
        pool, self._pool = self._pool, None
        if pool is not None:
            # A worker killed while it writes a result leaves the pool's result-queue
            # lock held, and Pool.terminate() then waits for it forever (CPython's
            # behaviour): let the submitted batches finish first, for a bounded time.
            deadline = time.monotonic() + _DRAIN_TIMEOUT_S
            for result, _, _ in self._pending:
                result.wait(max(deadline - time.monotonic(), 0))
            pool.terminate()
            pool.join()

    def _stop_workers(self):
        self._terminate_pool()
        self._discard_pending()

    def reset(self):
        """Goes back to the start of the first epoch (drawing a new order if shuffling)."""
        if self._finalized:
            raise NotImplementedError('{}: a finalized iterator cannot be reset'.format(
                type(self).__name__))
        self._reset_state()

    def _reset_state(self):
        self._state = _state.initial_state(len(self.dataset), self.order_sampler)
        self._previous_epoch_detail = -1.
        self._sampler_snapshot = _state.capture_sampler(self.order_sampler)
        self._discard_pending()

    def serialize(self, serializer):
        """Saves or loads the position, epoch and order (and the order sampler's state)."""
        if self._sampler_snapshot is None:
            if self._serialize_state(serializer):
                self._discard_pending()  # the prefetched batches belong to the old state
            return
        # The sampler ran ahead with the prefetched batches: serialize it as it was at
        # the caller's position, then, if nothing was loaded, let it run ahead again.
        ahead = _state.capture_sampler(self.order_sampler)
        _state.restore_sampler(self.order_sampler, self._sampler_snapshot)
        changed = self._serialize_state(serializer)
        now = _state.capture_sampler(self.order_sampler)
        if changed or not _state.same_sampler_state(now, self._sampler_snapshot):
            self._sampler_snapshot = now
            self._discard_pending()
        else:
            _state.restore_sampler(self.order_sampler, ahead)

    def finalize(self):
        """Shuts the workers down.

        Unless the iterator is usable after it (MultithreadIterator), later calls of
        ``next`` raise RuntimeError and ``reset`` raises NotImplementedError.
        """
        if not self._finalized:
            self._finalized = not self._usable_after_finalize
            self._stop_workers()

    def __del__(self):
        self.finalize()

    def __copy__(self):
        """An iterator at the same position with its own workers (started on first use)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._detach_workers()
        if self._sampler_snapshot is not None:
            # Its own sampler, rewound to this position, leaves ours (running ahead) alone.
            other.order_sampler = copy.deepcopy(self.order_sampler)
        other._discard_pending()
        return other

    def __getstate__(self):
        """The state of a copy (at this position, without workers): an unpickled
        iterator starts its own workers on first use."""
        other = copy.copy(self)
        state = other.__dict__.copy()
        other._finalized = True  # its workers are none; nothing to shut down
        return state

    def _detach_workers(self):
        """Drops the references to the workers and their queues (for a copy)."""
        self._pool = None
        self._pending = collections.deque()
