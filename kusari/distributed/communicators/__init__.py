"""Communicators and ``create_communicator``."""

import importlib

from kusari.distributed import _mpi  # NOQA
from kusari.distributed.communicators.communicator_base import CommunicatorBase  # NOQA

# name -> (module, class) of each communicator, imported when chosen.
_COMMUNICATORS = {
    'naive': ('naive_communicator', 'NaiveCommunicator'),
    'flat': ('flat_communicator', 'FlatCommunicator'),
    'non_cuda_aware': ('non_cuda_aware_communicator', 'NonCudaAwareCommunicator'),
    'pure_nccl': ('pure_nccl_communicator', 'PureNcclCommunicator'),
    'dummy': ('dummy_communicator', 'DummyCommunicator'),
}

# Names of Chainer versions before v7, with what to use instead.
_REMOVED = ('hierarchical', 'two_dimensional', 'single_node')


def create_communicator(communicator_name='pure_nccl', mpi_comm=None, **kwargs):
    """Create a communicator: the processes of the job and how they exchange data.

    ==================  =====  ==========================================
    name                GPU    gradient all-reduce
    ==================  =====  ==========================================
    ``pure_nccl``       yes    NCCL on the GPUs (needs CuPy with NCCL)
    ``non_cuda_aware``  yes    MPI through host memory (needs CuPy)
    ``flat``            no     MPI, all gradients in one buffer
    ``naive``           no     MPI, one all-reduce per parameter
    ``dummy``           no     none (measures the cost without it)
    ==================  =====  ==========================================

    The processes are started by an MPI launcher, e.g. ``mpiexec -n 4 python
    train.py``. With more than one process, an uncaught exception on any rank aborts
    the whole job (see :mod:`~kusari.distributed.global_except_hook`) instead of
    leaving the other ranks waiting forever.

    Args:
        communicator_name (str): one of the names above.
        mpi_comm: the ``mpi4py.MPI.Comm`` to work on (default ``MPI.COMM_WORLD``; for
            ``dummy`` outside an MPI launch, a one-process world without MPI).
        allreduce_grad_dtype: dtype of the gradient exchange (``pure_nccl`` only).
        batched_copy (bool): accepted for compatibility (see ``set_config``).

    Returns:
        CommunicatorBase: the communicator.
    """
    allreduce_grad_dtype = kwargs.pop('allreduce_grad_dtype', None)
    batched_copy = kwargs.pop('batched_copy', True)
    if kwargs:
        raise TypeError('create_communicator: unexpected argument(s) {}'.format(
            ', '.join(sorted(kwargs))))
    if communicator_name not in _COMMUNICATORS:
        hint = ''
        if communicator_name in _REMOVED:
            hint = (" ({!r} was removed in Chainer v7: use 'pure_nccl' on GPUs, 'flat' "
                    "on CPUs)".format(communicator_name))
        raise ValueError('create_communicator: unknown communicator {!r}{}; choose from {}'
                         .format(communicator_name, hint, ', '.join(_COMMUNICATORS)))
    if allreduce_grad_dtype is not None and communicator_name != 'pure_nccl':
        raise ValueError("create_communicator: allreduce_grad_dtype is only available "
                         "for the 'pure_nccl' communicator, not {!r}".format(
                             communicator_name))
    if mpi_comm is None:
        if communicator_name == 'dummy' and not _mpi.launched_by_mpi():
            mpi_comm = _mpi.SelfComm()
        else:
            mpi_comm = _mpi.import_mpi(
                'the {!r} communicator'.format(communicator_name)).COMM_WORLD

    module_name, class_name = _COMMUNICATORS[communicator_name]
    module = importlib.import_module('kusari.distributed.communicators.' + module_name)
    comm = getattr(module, class_name)(mpi_comm)
    if communicator_name == 'pure_nccl':
        comm.set_config('allreduce_grad_dtype', allreduce_grad_dtype)
    comm.set_config('batched_copy', batched_copy)
    if comm.size > 1:
        from kusari.distributed import global_except_hook
        global_except_hook._add_hook_for_job()
    return comm
