"""MultiprocessIterator: loads upcoming batches in worker processes."""

import math
import multiprocessing
import os
import signal
import threading
import time

from kusari.iterators import _prefetch

# In a worker process: the dataset it reads examples from.
_worker_dataset = None

_ORPHAN_CHECK_SECONDS = 1.0


def _initialize_worker(dataset, parent_pid):
    global _worker_dataset
    _worker_dataset = dataset
    # Ctrl-C reaches the whole process group; the parent handles it and stops us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watcher = threading.Thread(target=_exit_when_orphaned, args=(parent_pid,), daemon=True)
    watcher.start()


def _exit_when_orphaned(parent_pid):
    """Ends the worker if its parent dies without stopping it (e.g. killed by SIGKILL)."""
    while os.getppid() == parent_pid:
        time.sleep(_ORPHAN_CHECK_SECONDS)
    os._exit(1)


def _fetch_example(index):
    return _worker_dataset[index]


class MultiprocessIterator(_prefetch.PrefetchIterator):
    """Dataset iterator that reads examples with a pool of worker processes.

    The workers read the next ``n_prefetch`` batches while the caller works on the
    current one. The dataset is handed to the workers when they start (inherited on
    platforms that fork, else pickled); examples come back pickled. The batches are
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
        shared_mem (int): Accepted for compatibility with Chainer, where it sizes a
            shared-memory buffer per example; here examples always come back through
            the pool's pipes, so it has no effect.
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
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch,
                         dataset_timeout)

    def _create_pool(self):
        return multiprocessing.Pool(self.n_processes, initializer=_initialize_worker,
                                    initargs=(self.dataset, os.getpid()),
                                    maxtasksperchild=self.maxtasksperchild)

    def _fetch_async(self, pool, indices):
        # About two chunks per worker: few messages, yet balanced when examples differ.
        chunk_size = max(1, math.ceil(len(indices) / (2 * self.n_processes)))
        return pool.map_async(_fetch_example, indices, chunk_size)
