"""DummyCommunicator: the communicator API without gradient exchange."""

from kusari.distributed.communicators import mpi_communicator_base


class DummyCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """A communicator whose ``multi_node_mean_grad`` leaves the gradients alone.

    It measures what training costs without gradient communication, and it runs
    one-process programs written for multi-node training: outside an MPI launch it
    needs no MPI at all (rank 0 of a world of size 1). Every other method works as in
    the other communicators.
    """

    def multi_node_mean_grad(self, model, zero_fill=False):
        mpi_communicator_base.params_to_average(model, zero_fill)
