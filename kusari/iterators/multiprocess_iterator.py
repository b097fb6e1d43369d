"""MultiprocessIterator: loads upcoming batches in worker processes."""

import contextlib
import math
import multiprocessing
import os
import signal
import threading
import time
import warnings

from kusari.iterators import _prefetch
from kusari.iterators import _shared_memory

# In a worker process: the dataset it reads examples from, and the shared buffers of the
# batch slots with the bytes reserved per example (None and 0 without shared memory).
_worker_dataset = None
_worker_buffers = None
_worker_example_size = 0

_ORPHAN_CHECK_SECONDS = 0.5


def _initialize_worker(dataset, buffers, example_size, main_pid, start_method):
    global _worker_dataset, _worker_buffers, _worker_example_size
    _worker_dataset = dataset
    _worker_buffers = buffers
    _worker_example_size = example_size
    # Ctrl-C reaches the whole process group; the parent handles it and stops us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watcher = threading.Thread(target=_exit_when_orphaned, args=(main_pid, start_method),
                               daemon=True)
    watcher.start()


def _exit_when_orphaned(main_pid, start_method):
    """Ends the worker if the main process dies without stopping it (e.g. by SIGKILL)."""
    if start_method == 'forkserver':
        # The worker's parent is the fork server, which lives as long as its children
        # do. Its link to the main process is a pipe only the main process writes to
        # (under fork, sibling workers would inherit that end: hence getppid there).
        multiprocessing.parent_process().join()
    else:
        while os.getppid() == main_pid:
            time.sleep(_ORPHAN_CHECK_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def _interrupts_deferred():
    """Holds a Ctrl-C (SIGINT) back during the block and hands it to its handler after.

    The handler is swapped rather than the signal blocked: Python runs the handler in the
    main thread whichever thread the signal reaches, so blocking it in the main thread
    would not hold it back in a process with other threads (e.g. an IPython kernel).
    """
    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler) or threading.current_thread() is not threading.main_thread():
        # Ignored, or ends the process (SIG_DFL): no KeyboardInterrupt to hold back;
        # and only the main thread may set handlers.
        yield
        return
    held = []
    signal.signal(signal.SIGINT, lambda signum, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        if held:
            handler(signal.SIGINT, held[0])


def _fetch_example(index):
    return _worker_dataset[index]


def _fetch_example_to_slot(task):
    slot, position, index = task
    return _shared_memory.pack(_worker_dataset[index], _worker_buffers[slot],
                               position * _worker_example_size, _worker_example_size)


class MultiprocessIterator(_prefetch.PrefetchIterator):
    """Dataset iterator that reads examples with a pool of worker processes.

    The workers read the next ``n_prefetch`` batches while the caller works on the
    current one. The dataset is handed to the workers when they start (inherited on
    platforms that fork, else pickled). Examples come back pickled through pipes, or,
    with ``shared_mem``, their arrays come back through shared memory. The batches are
    those of :class:`~kusari.iterators.SerialIterator` with the same arguments and seed:
    the main process decides every batch's indices, the workers only read them.

    The workers are stopped by :meth:`finalize` (or on leaving a ``with`` block), when
    loading a batch raises an error or is interrupted (the error propagates; the next
    call starts new workers), and they exit by themselves if the main process dies.

    Args:
        dataset: The dataset to iterate over.
        batch_size (int): The number of examples in a batch.
        repeat (bool): Loop over the dataset forever; otherwise stop after one epoch.
        shuffle (bool): Shuffle the examples at every epoch. ``None`` (default)
            shuffles unless ``order_sampler`` is given.
        n_processes (int): The number of worker processes; the number of CPUs by
            default.
        n_prefetch (int): The number of batches loaded ahead.
        shared_mem (int): Bytes of shared memory per example: the arrays of an example
            (the example itself, or the items of a tuple, list or dict) that fit are
            copied through it instead of being pickled, which is faster for large
            arrays. ``(n_prefetch + 1) * batch_size * shared_mem`` bytes are reserved
            (in ``/dev/shm`` on Linux). ``None`` (or 0) sends everything through pipes.
            If an example does not fit, it still arrives (through the pipe) and a
            ``UserWarning`` says how much it needs.
        order_sampler (callable): Chooses each epoch's order; only with
            ``shuffle=None``.
        dataset_timeout (float): Warn with :class:`MultiprocessIterator.TimeoutWarning`
            when a batch takes longer than this many seconds; ``None`` never warns.
        maxtasksperchild (int): Replace a worker by a fresh one after it has read this
            many chunks of examples; ``None`` keeps workers for the iterator's life.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_processes=None,
                 n_prefetch=1, shared_mem=None, order_sampler=None, dataset_timeout=30.0,
                 maxtasksperchild=None):
        if n_processes is not None and (not isinstance(n_processes, int) or n_processes < 1):
            raise ValueError('MultiprocessIterator: n_processes must be a positive int or '
                             'None, got {!r}'.format(n_processes))
        if shared_mem is not None and (not isinstance(shared_mem, int) or shared_mem < 0):
            raise ValueError('MultiprocessIterator: shared_mem must be a non-negative int or '
                             'None, got {!r}'.format(shared_mem))
        self.n_processes = n_processes or multiprocessing.cpu_count()
        self.shared_mem = shared_mem
        self.maxtasksperchild = maxtasksperchild
        self._buffers = None
        self._free_slots = []
        self._warned_overflow = False
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch,
                         dataset_timeout)

    def _create_pool(self):
        if self.shared_mem:
            # One slot per pending batch, plus the one being read by the caller.
            self._buffers = _shared_memory.allocate(self.n_prefetch + 1,
                                                    self.batch_size * self.shared_mem)
            self._free_slots = list(range(len(self._buffers)))
        # A Ctrl-C inside Pool() would lose the workers already started (the Pool object
        # never reaches us, and they outlive the error while this process lives): it is
        # held back until the pool is ours, then raised, and the pool is terminated.
        with _interrupts_deferred():
            self._pool = multiprocessing.Pool(
                self.n_processes, initializer=_initialize_worker,
                initargs=(self.dataset, self._buffers, self.shared_mem or 0, os.getpid(),
                          multiprocessing.get_start_method()),
                maxtasksperchild=self.maxtasksperchild)
        return self._pool

    def _fetch_async(self, pool, indices):
        # About two chunks per worker: few messages, yet balanced when examples differ.
        chunk_size = max(1, math.ceil(len(indices) / (2 * self.n_processes)))
        if self._buffers is None:
            return pool.map_async(_fetch_example, indices, chunk_size)
        slot = self._free_slots.pop()
        tasks = [(slot, position, index) for position, index in enumerate(indices)]
        result = pool.map_async(_fetch_example_to_slot, tasks, chunk_size)
        return _shared_memory.SharedBatch(result, self._buffers[slot], slot, self._free_slots,
                                          self._warn_overflow)

    def _warn_overflow(self, needed):
        if not self._warned_overflow:
            self._warned_overflow = True
            warnings.warn(
                'MultiprocessIterator: an example needs {} bytes of shared memory but '
                'shared_mem is {}; what does not fit is sent through pipes (slower). Give '
                'shared_mem={} or more.'.format(needed, self.shared_mem, needed),
                UserWarning, stacklevel=4)

    def _discard_pending(self):
        if self._buffers is not None and self._pending:
            # Abandoned reads may still be writing into their slots: stop those workers.
            self._terminate_pool()
        super()._discard_pending()
        if self._buffers is not None:
            self._free_slots[:] = range(len(self._buffers))

    def _terminate_pool(self):
        super()._terminate_pool()
        self._buffers = None  # a new pool gets new buffers

    def _detach_workers(self):
        super()._detach_workers()
        self._buffers = None
        self._free_slots = []
