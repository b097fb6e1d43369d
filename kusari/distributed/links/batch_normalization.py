"""MultiNodeBatchNormalization: batch normalization over all processes' batches."""

from kusari.distributed.communicators import pure_nccl_communicator
from kusari.distributed.functions import batch_normalization as mnbn
from kusari.links.normalization import batch_normalization
from kusari.configuration import config

_BACKENDS = ('auto', 'mpi', 'nccl')


class MultiNodeBatchNormalization(batch_normalization.BatchNormalization):
    """Batch normalization whose training statistics come from the union of the
    batches of every process of ``comm``.

    With data parallelism each process sees only B/N examples; ordinary batch
    normalization would normalize by those. This link gives the same outputs,
    gradients and running averages as :class:`~kusari.links.BatchNormalization` on the
    whole batch of B examples. In test mode (``config.train`` False) it normalizes by
    the running averages without communicating.

    Args:
        size (int or tuple): the number of channels (axis 1) or the shape of axes
            1 onwards that the parameters cover.
        comm: the communicator of the processes.
        decay, eps, dtype, use_gamma, use_beta, initial_gamma, initial_beta: as in
            :class:`~kusari.links.BatchNormalization`.
        communication_backend (str): ``'auto'``, ``'mpi'`` or ``'nccl'`` (which needs
            a ``PureNcclCommunicator``); the statistics are small (two numbers per
            channel), and kusari sends them through the communicator's MPI in every
            case.
    """

    def __init__(self, size, comm, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 communication_backend='auto'):
        if communication_backend not in _BACKENDS:
            raise ValueError('MultiNodeBatchNormalization: communication_backend must be '
                             'one of {}, got {!r}'.format(', '.join(_BACKENDS),
                                                          communication_backend))
        if communication_backend == 'nccl' and not isinstance(
                comm, pure_nccl_communicator.PureNcclCommunicator):
            raise ValueError("MultiNodeBatchNormalization: communication_backend 'nccl' "
                             'needs a PureNcclCommunicator, not {}'.format(
                                 type(comm).__name__))
        super().__init__(size, decay=decay, eps=eps, dtype=dtype, use_gamma=use_gamma,
                         use_beta=use_beta, initial_gamma=initial_gamma,
                         initial_beta=initial_beta)
        self.comm = comm
        self.communication_backend = communication_backend

    def forward(self, x, **kwargs):
        """forward(self, x, finetune=False)"""
        finetune = batch_normalization.parse_finetune(type(self).__name__, kwargs)
        if not config.train:
            return super().forward(x)
        gamma, beta = self._scale_and_shift(x)
        shape = self.avg_mean.shape
        y, func = mnbn.multi_node_batch_normalization(
            x.reshape((x.shape[0], -1) + x.shape[1 + len(shape):]) if len(shape) > 1 else x,
            gamma.reshape(-1) if len(shape) > 1 else gamma,
            beta.reshape(-1) if len(shape) > 1 else beta, self.comm, self.eps)
        if len(shape) > 1:
            y = y.reshape(x.shape)
        decay = self._decay(finetune)
        count = func.count
        xp = self.xp
        self.avg_mean *= decay
        self.avg_mean += xp.asarray((1 - decay) * func.mean.reshape(shape),
                                    dtype=self.avg_mean.dtype)
        self.avg_var *= decay
        self.avg_var += xp.asarray((1 - decay) * func.var.reshape(shape) * count
                                   / max(count - 1.0, 1.0), dtype=self.avg_var.dtype)
        return y
