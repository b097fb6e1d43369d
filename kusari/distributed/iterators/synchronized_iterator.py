"""create_synchronized_iterator: the same shuffled order on every process."""

import numpy

from kusari.iterators import order_samplers


def create_synchronized_iterator(actual_iterator, communicator):
    """Make ``actual_iterator`` shuffle in the same order on every process.

    Each process reads its own copy of the same dataset, and with the shuffling
    generator seeded from rank 0 every process gets the same batches, without sending
    them. An iterator that does not shuffle already agrees and is left as it is.

    Args:
        actual_iterator: an iterator with an ``order_sampler`` attribute (e.g.
            :class:`~kusari.iterators.SerialIterator`).
        communicator: the communicator.

    Returns:
        ``actual_iterator``, reset to the start of its first epoch.
    """
    if not hasattr(actual_iterator, 'order_sampler'):
        raise ValueError('create_synchronized_iterator: the iterator ({}) has no '
                         'order_sampler to synchronize'.format(type(actual_iterator).__name__))
    seed = None
    if communicator.rank == 0:
        seed = int(numpy.random.randint(0, 2 ** 31 - 1))
    seed = communicator.bcast_obj(seed, root=0)
    if actual_iterator.order_sampler is not None:
        actual_iterator.order_sampler = order_samplers.ShuffleOrderSampler(
            numpy.random.RandomState(seed))
        actual_iterator.reset()
    return actual_iterator
