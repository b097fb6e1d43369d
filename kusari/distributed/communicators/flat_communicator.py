"""FlatCommunicator: all gradients in one buffer, one MPI all-reduce."""

import numpy

from kusari.distributed.communicators import _arrays, mpi_communicator_base


def mean_grads_through_host(comm, model, zero_fill):
    """Pack every gradient into one host buffer, average it over the ranks with a
    single all-reduce, and unpack it into the gradients."""
    params = mpi_communicator_base.params_to_average(model, zero_fill)
    if not params or comm.size == 1:  # the mean over one process is its gradient
        return
    hosts = [_arrays.to_host(param.grad) for param in params]
    dtype = numpy.result_type(*[_arrays.reduction_dtype('multi_node_mean_grad', h.dtype)
                                for h in hosts])
    buffer = numpy.concatenate([h.reshape(-1) for h in hosts], dtype=dtype)
    comm._mean_in_place(buffer)
    offset = 0
    for param, host in zip(params, hosts):
        _arrays.store_grad(param, buffer[offset:offset + host.size])
        offset += host.size


class FlatCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages all gradients with a single MPI all-reduce of one packed buffer.

    The buffer has the widest dtype of the gradients (float16 ones are summed in
    float32). GPU gradients are staged through host memory.
    """

    def multi_node_mean_grad(self, model, zero_fill=False):
        mean_grads_through_host(self, model, zero_fill)
