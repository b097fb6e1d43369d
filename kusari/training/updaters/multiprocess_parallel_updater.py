"""MultiprocessParallelUpdater (not implemented: raises a clear error)."""

from __future__ import annotations

import typing

from kusari.dataset import convert
from kusari.training.updaters import _multi_gpu, standard_updater

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.dataset.iterator import Iterator
    from kusari.optimizer import Optimizer


class MultiprocessParallelUpdater(standard_updater.StandardUpdater):
    """Chainer's multi-GPU updater with NCCL; kusari raises NotImplementedError.

    Args:
        iterators (list): one training Iterator per device.
        optimizer (Optimizer): the optimizer of the main model.
        converter: ``converter(batch, device)`` turns a batch into arrays.
        devices: the devices, a list or a dict with a 'main' entry.
        auto_new_epoch (bool): call ``optimizer.new_epoch`` at each new epoch.
    """

    def __init__(self, iterators: typing.Sequence[Iterator], optimizer: Optimizer,
                 converter: typing.Callable[..., typing.Any] = convert.concat_examples,
                 devices: typing.Sequence[types.DeviceSpec] | dict[str, types.DeviceSpec]
                 | None = None, auto_new_epoch: bool = True) -> None:
        raise _multi_gpu.not_implemented('MultiprocessParallelUpdater')

    @staticmethod
    def available() -> bool:
        """Whether the updater can be used: never in kusari."""
        return False
