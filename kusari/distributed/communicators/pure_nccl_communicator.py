"""PureNcclCommunicator: GPU gradients averaged by NCCL on the devices."""

import numpy

from kusari.distributed.communicators import _gpu, mpi_communicator_base

_FLOAT_DTYPES = (numpy.dtype(numpy.float16), numpy.dtype(numpy.float32),
                 numpy.dtype(numpy.float64))


class PureNcclCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """All-reduces GPU gradients with NCCL; MPI carries objects and the NCCL id.

    Each process must use its own GPU (typically ``comm.intra_rank``) before the first
    collective. Needs CuPy with NCCL.

    Configuration ``allreduce_grad_dtype`` (float16, float32, float64 or None): the
    dtype the gradients are summed in; None takes the widest gradient dtype.
    """

    def __init__(self, mpi_comm):
        self._cupy, self._nccl_module = _gpu.require_nccl('pure_nccl')
        super().__init__(mpi_comm)
        with self.config_scope():
            self.allreduce_grad_dtype = None
        self.nccl_comm = None

    def _copy_settings_from(self, other):
        super()._copy_settings_from(other)
        self._cupy, self._nccl_module = other._cupy, other._nccl_module
        self.nccl_comm = None

    def set_config(self, name, value=True, **kwargs):
        if name == 'allreduce_grad_dtype':
            if value is not None:
                value = numpy.dtype(value)
                if value not in _FLOAT_DTYPES:
                    raise ValueError('set_config: allreduce_grad_dtype must be float16, '
                                     'float32, float64 or None, got {}'.format(value))
            with self.config_scope():
                self.allreduce_grad_dtype = value
        else:
            super().set_config(name, value, **kwargs)

    def _init_nccl(self):
        if self.nccl_comm is None:
            nccl = self._nccl_module
            uid = nccl.get_unique_id() if self.rank == 0 else None
            uid = self.mpi_comm.bcast(uid, root=0)
            self.nccl_comm = nccl.NcclCommunicator(self.size, uid, self.rank)
        return self.nccl_comm

    def _nccl_type(self, dtype):
        nccl = self._nccl_module
        return {'float16': nccl.NCCL_FLOAT16, 'float32': nccl.NCCL_FLOAT32,
                'float64': nccl.NCCL_FLOAT64}[numpy.dtype(dtype).name]

    def bcast_data(self, model):
        params = [p for p in mpi_communicator_base.sorted_params(model)
                  if p.array is not None]
        if not params:
            return
        cupy = self._cupy
        comm = self._init_nccl()
        buffer = cupy.concatenate([cupy.ascontiguousarray(p.array).reshape(-1).view(
            numpy.uint8) for p in params])
        stream = cupy.cuda.get_current_stream()
        comm.bcast(buffer.data.ptr, buffer.size, self._nccl_module.NCCL_UINT8, 0,
                   stream.ptr)
        offset = 0
        for param in params:
            nbytes = param.array.nbytes
            piece = buffer[offset:offset + nbytes].view(param.array.dtype)
            param.array[...] = piece.reshape(param.array.shape)
            offset += nbytes

    def multi_node_mean_grad(self, model, zero_fill=False):
        params = mpi_communicator_base.params_to_average(model, zero_fill)
        if not params:
            return
        cupy = self._cupy
        comm = self._init_nccl()
        dtype = self.allreduce_grad_dtype or numpy.result_type(
            *[p.grad.dtype for p in params])
        buffer = cupy.concatenate([p.grad.reshape(-1).astype(dtype, copy=False)
                                   for p in params])
        stream = cupy.cuda.get_current_stream()
        comm.allReduce(buffer.data.ptr, buffer.data.ptr, buffer.size,
                       self._nccl_type(dtype), self._nccl_module.NCCL_SUM, stream.ptr)
        buffer /= self.size
        mpi_communicator_base.ensure_finite(buffer)
        offset = 0
        for param in params:
            size = param.grad.size
            param.grad[...] = buffer[offset:offset + size].reshape(param.grad.shape)
            offset += size

    def finalize(self):
        if self.nccl_comm is not None:
            self.nccl_comm.destroy()
            self.nccl_comm = None
        super().finalize()
