"""MultiprocessParallelUpdater (not implemented: raises a clear error)."""

from kusari.dataset import convert
from kusari.training.updaters import _multi_gpu, standard_updater


class MultiprocessParallelUpdater(standard_updater.StandardUpdater):
    """Chainer's multi-GPU updater with NCCL; kusari raises NotImplementedError."""

    def __init__(self, iterators, optimizer, converter=convert.concat_examples, devices=None,
                 auto_new_epoch=True):
        raise _multi_gpu.not_implemented('MultiprocessParallelUpdater')

    @staticmethod
    def available():
        """Whether the updater can be used: never in kusari."""
        return False
