"""NonCudaAwareCommunicator: GPU gradients averaged by MPI through host memory."""

from kusari.distributed.communicators import _gpu, flat_communicator, mpi_communicator_base


class NonCudaAwareCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """For GPU training on an MPI that cannot read GPU memory.

    The gradients are packed on the GPU, copied to the host, averaged with one MPI
    all-reduce and copied back. Needs CuPy and a GPU.
    """

    def __init__(self, mpi_comm):
        _gpu.require_cupy('non_cuda_aware')
        super().__init__(mpi_comm)

    def multi_node_mean_grad(self, model, zero_fill=False):
        flat_communicator.mean_grads_through_host(self, model, zero_fill)
