"""MPI helpers of ChainerMN's communicators (``chainermn.communicators._communication_utility``).

Like ChainerMN's, importing this module imports ``mpi4py.MPI`` (so that programs that
reach ``mpi4py.MPI`` through a bare ``import mpi4py`` work): it needs mpi4py.
"""

import pickle

import numpy

from kusari.distributed import _mpi
from kusari.distributed._mpi import init_ranks  # NOQA

_mpi.import_mpi('chainermn.communicators._communication_utility')

# The largest count one MPI call takes (a C int).
INT_MAX = 2 ** 31 - 1


def init_intra_mpi_comm(mpi_comm, intra_rank, inter_rank):
    """A communicator of the processes on this machine."""
    return mpi_comm.Split(inter_rank, intra_rank)


def init_inter_mpi_comm(mpi_comm, intra_rank, inter_rank):
    """A communicator of the processes with this ``intra_rank``, one per machine."""
    return mpi_comm.Split(intra_rank, inter_rank)


def chunked_bcast_obj(obj, mpi_comm, max_buf_len=256 * 1024 * 1024, root=0):
    """Rank ``root``'s ``obj`` on every process, pickled and sent in pieces of at most
    ``max_buf_len`` bytes (one MPI call cannot move more than ``INT_MAX`` bytes).

    ``obj`` must be given at ``root`` only (None elsewhere), and
    ``0 < max_buf_len < INT_MAX``; otherwise an AssertionError is raised.
    """
    assert 0 < max_buf_len < INT_MAX, 'max_buf_len must be in (0, INT_MAX)'
    is_root = mpi_comm.rank == root
    assert (obj is not None) == is_root, 'obj must be given at the root only'
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL) if is_root else None
    total = mpi_comm.bcast(len(payload) if is_root else None, root=root)
    buffer = bytearray(payload) if is_root else bytearray(total)
    view = memoryview(buffer)
    for begin in range(0, total, max_buf_len):
        mpi_comm.Bcast(view[begin:begin + max_buf_len], root=root)
    return obj if is_root else pickle.loads(buffer)


def _get_nccl_type_id(dtype):
    """NCCL's type id of a float16, float32 or float64 dtype."""
    from kusari.distributed import nccl
    names = {'float16': 'NCCL_FLOAT16', 'float32': 'NCCL_FLOAT32', 'float64': 'NCCL_FLOAT64'}
    name = names.get(numpy.dtype(dtype).name)
    if name is None:
        raise ValueError('dtype must be float16, float32, or float64, not {}'.format(dtype))
    return getattr(nccl, name)
