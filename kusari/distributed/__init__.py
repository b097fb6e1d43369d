"""Multi-process data- and model-parallel training: ChainerMN's API.

``import chainermn`` resolves to this package through :mod:`kusari.compat`. The
processes are started by an MPI launcher and talk through mpi4py (install
``kusari[mpi]``)::

    mpiexec -n 4 python train.py

    comm = kusari.distributed.create_communicator('flat')
    train = kusari.distributed.scatter_dataset(train, comm, shuffle=True)
    optimizer = kusari.distributed.create_multi_node_optimizer(
        kusari.optimizers.Adam(), comm)
"""

import kusari
from kusari.distributed import communicators  # NOQA
from kusari.distributed import datasets  # NOQA
from kusari.distributed import extensions  # NOQA
from kusari.distributed import functions  # NOQA
from kusari.distributed import global_except_hook  # NOQA
from kusari.distributed import iterators  # NOQA
from kusari.distributed import links  # NOQA
from kusari.distributed import optimizers  # NOQA
from kusari.distributed.communicators import CommunicatorBase  # NOQA
from kusari.distributed.communicators import create_communicator  # NOQA
from kusari.distributed.datasets import DataSizeError  # NOQA
from kusari.distributed.datasets import scatter_dataset  # NOQA
from kusari.distributed.datasets import scatter_index  # NOQA
from kusari.distributed.extensions import create_multi_node_checkpointer  # NOQA
from kusari.distributed.extensions import create_multi_node_evaluator  # NOQA
from kusari.distributed.links import MultiNodeChainList  # NOQA
from kusari.distributed.optimizers import create_multi_node_optimizer  # NOQA

global_except_hook._add_hook_if_enabled()

# ChainerMN is part of Chainer 7 and reports Chainer's version (chainer.__version__).
__version__ = kusari.__version__
