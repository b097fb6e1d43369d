"""MpiCommunicatorBase: the communicator API on an mpi4py communicator.

Arrays and objects move with mpi4py; subclasses decide only how the gradients of a
model are averaged (``multi_node_mean_grad``).
"""

import numpy

from kusari import backend
from kusari.distributed import _mpi
from kusari.distributed.communicators import _arrays, communicator_base
from kusari.configuration import config


def sorted_params(model):
    """The parameters of ``model`` in the order of their names (same on every rank)."""
    return [param for _, param in sorted(model.namedparams(), key=lambda item: item[0])]


def params_to_average(model, zero_fill):
    """The initialized parameters whose gradients take part in the mean.

    With ``zero_fill``, a parameter without a gradient gets a zero one first, so that
    every process contributes the same list of arrays.
    """
    params = []
    for param in sorted_params(model):
        if param.array is None:
            continue
        if param.grad is None:
            if not zero_fill:
                continue
            param.grad = param.xp.zeros_like(param.array)
        params.append(param)
    return params


class MpiCommunicatorBase(communicator_base.CommunicatorBase):
    """The communicator API on an ``mpi4py.MPI.Comm`` (``mpi_comm``).

    Subclasses implement ``multi_node_mean_grad``.

    Args:
        mpi_comm: the mpi4py communicator of the processes taking part (or kusari's
            one-process stand-in).
    """

    def __init__(self, mpi_comm):
        self.mpi_comm = mpi_comm
        with self.config_scope():
            self.batched_copy = False
        self._owns_mpi_comm = False
        self._init_ranks()

    def _init_ranks(self):
        _, self._intra_rank, self._intra_size, self._inter_rank, self._inter_size = (
            _mpi.init_ranks(self.mpi_comm))

    @property
    def rank(self):
        return self.mpi_comm.rank

    @property
    def size(self):
        return self.mpi_comm.size

    @property
    def intra_rank(self):
        return self._intra_rank

    @property
    def intra_size(self):
        return self._intra_size

    @property
    def inter_rank(self):
        return self._inter_rank

    @property
    def inter_size(self):
        return self._inter_size

    def __repr__(self):
        return '<{} rank {} of {}>'.format(type(self).__name__, self.rank, self.size)

    # -- configuration --------------------------------------------------------------
    def set_config(self, name, value=True, **kwargs):
        """``batched_copy`` (bool): accepted for compatibility with Chainer, where it
        packs GPU gradients with one kernel; kusari always packs them in one pass."""
        if name == 'batched_copy':
            with self.config_scope():
                self.batched_copy = bool(value)
        else:
            super().set_config(name, value, **kwargs)

    def _check_rank(self, caller, name, rank):
        if not isinstance(rank, (int, numpy.integer)) or not 0 <= rank < self.size:
            raise ValueError('{}: {} must be a rank from 0 to {}, got {!r}'.format(
                caller, name, self.size - 1, rank))

    # -- communicators --------------------------------------------------------------
    def split(self, color, key):
        new = type(self).__new__(type(self))
        MpiCommunicatorBase.__init__(new, self.mpi_comm.Split(color, key))
        new._copy_settings_from(self)
        new._owns_mpi_comm = True
        return new

    def _copy_settings_from(self, other):
        """Give a communicator made by ``split`` the settings of its parent."""
        with self.config_scope():
            for name, value in other._configs.items():
                setattr(self, name, value)

    def finalize(self):
        """Free the MPI communicator if ``split`` created it."""
        if self._owns_mpi_comm:
            self.mpi_comm.Free()
            self._owns_mpi_comm = False

    # -- arrays ---------------------------------------------------------------------
    def send(self, data, dest, tag=0):
        self._check_rank('send', 'dest', dest)
        arrays, is_tuple = _arrays.as_array_list('send', data)
        self.mpi_comm.send((is_tuple, [_arrays.to_message(x) for x in arrays]),
                           dest=dest, tag=tag)

    def recv(self, source, tag=0):
        self._check_rank('recv', 'source', source)
        is_tuple, messages = self.mpi_comm.recv(source=source, tag=tag)
        arrays = [_arrays.from_message(m) for m in messages]
        return tuple(arrays) if is_tuple else arrays[0]

    def bcast(self, data, max_buf_len=None, root=0):
        self._check_rank('bcast', 'root', root)
        message = None
        if self.rank == root:
            _arrays.check_array('bcast', 'data', data)
            message = _arrays.to_message(data)
        message = self.mpi_comm.bcast(message, root=root)
        return data if self.rank == root else _arrays.from_message(message)

    def gather(self, data, root=0):
        self._check_rank('gather', 'root', root)
        _arrays.check_array('gather', 'data', data)
        messages = self.mpi_comm.gather(_arrays.to_message(data), root=root)
        if self.rank != root:
            return None
        return tuple(_arrays.from_message(m) for m in messages)

    def allgather(self, x):
        _arrays.check_array('allgather', 'x', x)
        messages = self.mpi_comm.allgather(_arrays.to_message(x))
        return tuple(_arrays.from_message(m) for m in messages)

    def allreduce(self, data):
        _arrays.check_array('allreduce', 'data', data)
        host, on_gpu = _arrays.to_message(data)
        total = self._sum_host(host, 'allreduce').astype(data.dtype, copy=False)
        return _arrays.from_message((total, on_gpu))

    def _sum_host(self, host, caller):
        """The elementwise sum over the ranks of a host array (a new array)."""
        dtype = _arrays.reduction_dtype(caller, host.dtype)
        send = numpy.ascontiguousarray(host, dtype=dtype)
        total = numpy.empty_like(send)
        self.mpi_comm.Allreduce(send, total, op=_mpi.sum_op(self.mpi_comm))
        return total

    def scatter(self, xs, root=0):
        self._check_rank('scatter', 'root', root)
        messages = None
        if self.rank == root:
            if _arrays.is_array(xs):
                if xs.ndim == 0 or xs.shape[0] != self.size:
                    raise ValueError('scatter: an array to scatter needs a first axis of '
                                     'length {} (the communicator size), got shape {}'
                                     .format(self.size, xs.shape))
                pieces = list(xs)
            else:
                pieces, _ = _arrays.as_array_list('scatter', xs)
                if len(pieces) != self.size:
                    raise ValueError('scatter: expected {} arrays (one per rank), got {}'
                                     .format(self.size, len(pieces)))
            messages = [_arrays.to_message(x) for x in pieces]
        return _arrays.from_message(self.mpi_comm.scatter(messages, root=root))

    def alltoall(self, xs):
        pieces, _ = _arrays.as_array_list('alltoall', xs)
        if len(pieces) != self.size:
            raise ValueError('alltoall: expected {} arrays (one per rank), got {}'.format(
                self.size, len(pieces)))
        messages = self.mpi_comm.alltoall([_arrays.to_message(x) for x in pieces])
        return tuple(_arrays.from_message(m) for m in messages)

    # -- Python objects -------------------------------------------------------------
    def send_obj(self, obj, dest, tag=0):
        self._check_rank('send_obj', 'dest', dest)
        self.mpi_comm.send(obj, dest=dest, tag=tag)

    def recv_obj(self, source, status=None, tag=None):
        """Receive an object from ``source``; ``tag`` None takes any tag."""
        self._check_rank('recv_obj', 'source', source)
        any_tag = -1 if isinstance(self.mpi_comm, _mpi.SelfComm) else (
            _mpi.import_mpi().ANY_TAG)
        return self.mpi_comm.recv(source=source, tag=any_tag if tag is None else tag,
                                  status=status)

    def bcast_obj(self, obj, max_buf_len=256 * 1024 * 1024, root=0):
        """Rank ``root``'s object on every rank. ``max_buf_len`` is accepted for
        Chainer's signature: mpi4py >= 4 moves objects of any size in one call."""
        self._check_rank('bcast_obj', 'root', root)
        return self.mpi_comm.bcast(obj, root=root)

    def gather_obj(self, obj, root=0):
        self._check_rank('gather_obj', 'root', root)
        return self.mpi_comm.gather(obj, root=root)

    def allreduce_obj(self, obj):
        return self.mpi_comm.allreduce(obj, op=_mpi.sum_op(self.mpi_comm))

    # -- models ---------------------------------------------------------------------
    def bcast_data(self, model):
        """Copy rank 0's initialized parameters into every rank's ``model``.

        All of them travel as one byte buffer; each parameter keeps its array object.
        """
        params = [p for p in sorted_params(model) if p.array is not None]
        if not params:
            return
        hosts = [_arrays.to_host(p.array) for p in params]
        buffer = numpy.concatenate([h.reshape(-1).view(numpy.uint8) for h in hosts])
        self.mpi_comm.Bcast(buffer, root=0)
        if self.rank == 0:
            return
        offset = 0
        for param, host in zip(params, hosts):
            piece = buffer[offset:offset + host.nbytes].view(host.dtype)
            _arrays.write_back(param.array, piece)
            offset += host.nbytes

    def _mean_in_place(self, buffer):
        """Average the host array ``buffer`` over the ranks, in place (in debug mode,
        a ValueError on every rank if the mean is not finite)."""
        self.mpi_comm.Allreduce(_mpi.in_place(self.mpi_comm), buffer,
                                op=_mpi.sum_op(self.mpi_comm))
        buffer /= self.size
        ensure_finite(buffer)


def ensure_finite(mean):
    """In debug mode, refuse a mean of the gradients that has NaN or infinity."""
    if config.debug and not backend.get_array_module(mean).isfinite(mean).all():
        raise ValueError('Parameters diverged after allreduce: the mean of the gradients '
                         'has NaN or infinite values (debug mode)')
