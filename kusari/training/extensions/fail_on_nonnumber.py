"""FailOnNonNumber: stop training as soon as a parameter becomes NaN or infinite."""

from __future__ import annotations

import typing

from kusari import backend
from kusari.training import extension

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class FailOnNonNumber(extension.Extension):
    """Raises when a parameter (or its gradient) of any optimizer's target is not finite.

    The error names the optimizer and the parameter, e.g.
    ``/predictor/l1/W of the optimizer 'main'``.

    Args:
        check_grad (bool): check the gradients too (default True).
    """

    def __init__(self, *, check_grad: bool = True) -> None:
        self._check_grad = check_grad

    def __call__(self, trainer: Trainer) -> None:
        for name, optimizer in trainer.updater.get_all_optimizers().items():
            for path, param in optimizer.target.namedparams():
                for what, array in (('parameter', param.array),
                                    ('gradient', param.grad if self._check_grad else None)):
                    if array is not None and not _all_finite(array):
                        raise RuntimeError(
                            'FailOnNonNumber: the {} {} of the optimizer {!r} has NaN or '
                            'infinite values at iteration {}: training diverged. Try a '
                            'smaller learning rate or gradient clipping.'.format(
                                what, path, name, trainer.updater.iteration))


def _all_finite(array):
    xp = backend.get_array_module(array)
    return bool(xp.isfinite(array).all())
