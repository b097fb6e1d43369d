"""scatter_dataset / scatter_index: give each process its part of a dataset."""

import numpy

from kusari.datasets import sub_dataset


class DataSizeError(RuntimeError):
    """A dataset is too large to be sent between processes."""


def _as_communicator(comm, caller):
    """A kusari communicator for ``comm`` (an mpi4py communicator is wrapped)."""
    from kusari.distributed.communicators import CommunicatorBase, create_communicator
    if isinstance(comm, CommunicatorBase):
        return comm
    if hasattr(comm, 'Split') and hasattr(comm, 'bcast'):
        return create_communicator('naive', mpi_comm=comm)
    raise TypeError('{}: comm must be a kusari.distributed communicator or an mpi4py '
                    'communicator, not {}'.format(caller, type(comm).__name__))


def _check_root(caller, root, size):
    if not isinstance(root, (int, numpy.integer)) or not 0 <= root < size:
        raise ValueError('{}: root must be a rank from 0 to {}, got {!r}'.format(
            caller, size - 1, root))


def index_range(n_total_samples, size, rank, force_equal_length=True):
    """``(begin, end)`` of rank ``rank``'s part of ``n_total_samples`` examples.

    With ``force_equal_length`` every part has ``ceil(n / size)`` examples, starting at
    ``floor(n * rank / size)``: the parts cover the dataset and neighbours overlap by
    at most one example. Otherwise the parts split it exactly, the first
    ``n % size`` ranks holding one example more.
    """
    if force_equal_length:
        begin = n_total_samples * rank // size
        return begin, begin + -(-n_total_samples // size)
    base, extra = divmod(n_total_samples, size)
    begin = rank * base + min(rank, extra)
    return begin, begin + base + (1 if rank < extra else 0)


def _scatter_index(n_total_samples, size, force_equal_length):
    """``(rank, begin, end)`` of each rank's part, for ranks ``0 .. size - 1``."""
    for rank in range(size):
        yield (rank,) + index_range(n_total_samples, size, rank, force_equal_length)


def scatter_index(n_total_samples, comm, root=0, *, force_equal_length=True):
    """This process's ``(begin, end)`` range of the indices ``0 .. n_total_samples``.

    The count given at ``root`` decides (the others' are ignored); see
    :func:`scatter_dataset` for ``force_equal_length``.

    Returns:
        tuple of two ints: the part is ``range(begin, end)``.
    """
    comm = _as_communicator(comm, 'scatter_index')
    _check_root('scatter_index', root, comm.size)
    if comm.rank == root and (not isinstance(n_total_samples, (int, numpy.integer))
                              or n_total_samples < 0):
        raise ValueError('scatter_index: n_total_samples must be a non-negative int, got '
                         '{!r}'.format(n_total_samples))
    n_total_samples = comm.bcast_obj(n_total_samples if comm.rank == root else None,
                                     root=root)
    return index_range(int(n_total_samples), comm.size, comm.rank, force_equal_length)


def scatter_dataset(dataset, comm, root=0, shuffle=False, seed=None,
                    max_buf_len=256 * 1024 * 1024, *, force_equal_length=True):
    """Split the dataset of rank ``root`` into parts, one per process.

    The root's dataset is sent to every process (the others' ``dataset`` is ignored),
    and each process keeps a :class:`~kusari.datasets.SubDataset` view of its part.

    Args:
        dataset: the dataset (any sequence: list, array, ``TupleDataset``...).
        comm: a communicator (or an mpi4py communicator).
        root (int): the rank whose dataset is scattered.
        shuffle (bool): permute the examples before splitting.
        seed (int): seed of the permutation (None: a fresh random one).
        max_buf_len (int): accepted for Chainer's signature; mpi4py >= 4 sends any
            size at once.
        force_equal_length (bool): give every process the same number of examples
            (``ceil(n / size)``; a few examples then appear on two processes), as the
            multi-node updater and evaluator need. False: split exactly, every example
            on one process only (for exact evaluation).

    Returns:
        SubDataset: this process's part.
    """
    comm = _as_communicator(comm, 'scatter_dataset')
    _check_root('scatter_dataset', root, comm.size)
    payload = None
    if comm.rank == root:
        if dataset is None:
            raise ValueError('scatter_dataset: the root rank {} must give a dataset, not '
                             'None'.format(root))
        order = numpy.random.RandomState(seed).permutation(len(dataset)) if shuffle else None
        payload = (dataset, order)
    dataset, order = comm.bcast_obj(payload, max_buf_len=max_buf_len, root=root)
    begin, end = index_range(len(dataset), comm.size, comm.rank, force_equal_length)
    return sub_dataset.SubDataset(dataset, begin, end, order)
