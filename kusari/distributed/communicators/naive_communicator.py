"""NaiveCommunicator: one MPI all-reduce per parameter."""

from kusari.distributed.communicators import _arrays, mpi_communicator_base


class NaiveCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages each gradient with its own MPI all-reduce.

    Simple and CPU-friendly; with many small parameters the per-message latency adds
    up, which :class:`FlatCommunicator` avoids.
    """

    def multi_node_mean_grad(self, model, zero_fill=False):
        params = mpi_communicator_base.params_to_average(model, zero_fill)
        if self.size == 1:  # the mean over one process is its gradient
            return
        for param in params:
            host = _arrays.to_host(param.grad)
            buffer = host.astype(_arrays.reduction_dtype('multi_node_mean_grad',
                                                         host.dtype))
            self._mean_in_place(buffer)
            _arrays.store_grad(param, buffer)
