"""MultithreadIterator: loads the examples of the next batch in worker threads."""

from multiprocessing import pool as multiprocessing_pool

from kusari.iterators import _prefetch


class MultithreadIterator(_prefetch.PrefetchIterator):
    """Dataset iterator that reads examples with a pool of threads.

    While the caller works on a batch, the threads read the next one. Threads suit
    datasets whose reading releases the GIL (file and network I/O, image decoding);
    they share the dataset, so nothing is copied. The batches are those of
    :class:`~kusari.iterators.SerialIterator` with the same arguments and seed.
    :meth:`finalize` stops the threads; the iterator can still be reset and used
    (new threads start on the next batch).

    Args:
        dataset: The dataset to iterate over.
        batch_size (int): The number of examples in a batch.
        repeat (bool): Loop over the dataset forever; otherwise stop after one epoch.
        shuffle (bool): Shuffle the examples at every epoch. ``None`` (default)
            shuffles unless ``order_sampler`` is given.
        n_threads (int): The number of threads.
        order_sampler (callable): Chooses each epoch's order; only with
            ``shuffle=None``.
    """

    _usable_after_finalize = True  # as Chainer's: finalize() only stops the threads

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_threads=1,
                 order_sampler=None):
        if not isinstance(n_threads, int) or n_threads < 1:
            raise ValueError('MultithreadIterator: n_threads must be a positive int, got '
                             '{!r}'.format(n_threads))
        self.n_threads = n_threads
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch=1,
                         dataset_timeout=None)

    def _create_pool(self):
        return multiprocessing_pool.ThreadPool(self.n_threads)

    def _fetch_async(self, pool, indices):
        return pool.map_async(self.dataset.__getitem__, indices)
