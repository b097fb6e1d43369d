"""The MPI engine: mpi4py, imported only when a communicator needs it.

kusari does not implement a transport of its own. Multi-process jobs run on MPI
through mpi4py (``pip install 'kusari[mpi]'`` brings mpi4py and the MPICH wheel,
whose ``mpiexec`` starts the processes). A one-process job needs no MPI at all:
:class:`SelfComm` answers the few mpi4py calls the communicators make, as a
world of size one would.
"""

import collections
import copy
import os
import socket

# Environment variables set by MPI launchers (MPICH/Hydra, Open MPI, PMIx, Slurm).
_LAUNCHER_VARIABLES = ('PMI_SIZE', 'PMI_RANK', 'OMPI_COMM_WORLD_SIZE', 'PMIX_RANK',
                       'MPI_LOCALNRANKS')


def import_mpi(what='kusari.distributed'):
    """The ``mpi4py.MPI`` module, or an ImportError that says how to install it."""
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise ImportError(
            '{} needs mpi4py and an MPI library, which are not installed: run '
            "pip install 'kusari[mpi]' (mpi4py and the mpich wheel) or pip install "
            'mpi4py with a system MPI, then start the job with mpiexec -n N python '
            'script.py. The dummy communicator runs one process without MPI.'
            .format(what)) from e
    return MPI


def launched_by_mpi():
    """Whether this process was started by an MPI launcher (mpiexec, srun, ...)."""
    return any(name in os.environ for name in _LAUNCHER_VARIABLES)


def processor_name(comm):
    """The name of this process's host, as the MPI library reports it."""
    if isinstance(comm, SelfComm):
        return socket.gethostname()
    return import_mpi().Get_processor_name()


def init_ranks(mpi_comm):
    """``[rank, intra_rank, intra_size, inter_rank, inter_size]`` of this process.

    Processes on one machine share its processor name; machines are numbered by their
    lowest rank so that every process agrees on the numbering. Collective: every
    process of ``mpi_comm`` calls it.
    """
    names = mpi_comm.allgather(processor_name(mpi_comm))
    rank = mpi_comm.rank
    mine = names[rank]
    hosts = list(dict.fromkeys(names))
    return [rank, names[:rank].count(mine), names.count(mine), hosts.index(mine), len(hosts)]


def sum_op(comm):
    """The SUM reduction of ``comm``'s MPI (a plain marker for SelfComm)."""
    if isinstance(comm, SelfComm):
        return SelfComm.SUM
    return import_mpi().SUM


def in_place(comm):
    """The IN_PLACE buffer marker of ``comm``'s MPI."""
    if isinstance(comm, SelfComm):
        return SelfComm.IN_PLACE
    return import_mpi().IN_PLACE


class SelfComm:
    """A one-process stand-in for an ``mpi4py.MPI.Comm``.

    It implements only the calls kusari's communicators make, with a world of one
    process: collectives return this process's own contribution, and messages sent to
    rank 0 (itself) wait in a queue until they are received. Objects pass through a
    deep copy, as they would through pickling.
    """

    SUM = 'sum'
    IN_PLACE = 'in_place'
    rank = 0
    size = 1

    def __init__(self):
        self._mailbox = collections.defaultdict(collections.deque)

    def _check_rank(self, rank, what):
        if rank != 0:
            raise ValueError('{}: rank {} does not exist in a one-process world'.format(
                what, rank))

    # Python objects -----------------------------------------------------------------
    def bcast(self, obj, root=0):
        self._check_rank(root, 'bcast')
        return copy.deepcopy(obj)

    def gather(self, obj, root=0):
        self._check_rank(root, 'gather')
        return [copy.deepcopy(obj)]

    def allgather(self, obj):
        return [copy.deepcopy(obj)]

    def scatter(self, objs, root=0):
        self._check_rank(root, 'scatter')
        objs = list(objs)
        if len(objs) != 1:
            raise ValueError('scatter: expected 1 object, got {}'.format(len(objs)))
        return copy.deepcopy(objs[0])

    def alltoall(self, objs):
        objs = list(objs)
        if len(objs) != 1:
            raise ValueError('alltoall: expected 1 object, got {}'.format(len(objs)))
        return copy.deepcopy(objs)

    def allreduce(self, obj, op=SUM):
        return copy.deepcopy(obj)

    def send(self, obj, dest, tag=0):
        self._check_rank(dest, 'send')
        self._mailbox[tag].append(copy.deepcopy(obj))

    def recv(self, buf=None, source=0, tag=-1, status=None):
        self._check_rank(source, 'recv')
        queues = [self._mailbox[tag]] if tag not in (None, -1) else list(
            self._mailbox.values())
        for queue in queues:
            if queue:
                return queue.popleft()
        raise RuntimeError('recv: no message from rank 0 with tag {} was sent; in a '
                           'one-process world it would wait forever'.format(tag))

    # Buffers ------------------------------------------------------------------------
    def Bcast(self, buf, root=0):
        self._check_rank(root, 'Bcast')

    def Allreduce(self, sendbuf, recvbuf, op=SUM):
        if sendbuf is not self.IN_PLACE:
            recvbuf[...] = sendbuf

    # Communicator management --------------------------------------------------------
    def Split(self, color=0, key=0):
        return SelfComm()

    def Free(self):
        self._mailbox.clear()

    def Abort(self, errorcode=0):
        os._exit(errorcode)
