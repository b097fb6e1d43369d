"""ParallelUpdater (not implemented: raises a clear error)."""

from kusari.dataset import convert
from kusari.training.updaters import _multi_gpu, standard_updater


class ParallelUpdater(standard_updater.StandardUpdater):
    """Chainer's multi-GPU updater with one process; kusari raises NotImplementedError.

    The signature is Chainer's, so programs that name it fail with a clear message
    instead of an AttributeError.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, models=None,
                 devices=None, loss_func=None, loss_scale=None, auto_new_epoch=True):
        raise _multi_gpu.not_implemented('ParallelUpdater')
