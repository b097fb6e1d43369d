"""observe_value / observe_lr: put a value computed from the trainer into the observation."""

from __future__ import annotations

import typing

from kusari.training import extension

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


def observe_value(observation_key: str,
                  target_func: typing.Callable[[Trainer], typing.Any]
                  ) -> typing.Callable[[Trainer], None]:
    """An extension that records ``target_func(trainer)`` as ``observation_key``.

    It runs once per epoch by default, before the extensions that read the
    observation (e.g. LogReport).

    Args:
        observation_key (str): the key in ``trainer.observation``.
        target_func (callable): computes the value from the trainer.

    Returns:
        The extension, a function ``f(trainer)``.
    """
    @extension.make_extension(trigger=(1, 'epoch'), priority=extension.PRIORITY_WRITER,
                              default_name='observe_value')
    def _observe_value(trainer):
        trainer.observation[observation_key] = target_func(trainer)
    return _observe_value


def observe_lr(optimizer_name: str = 'main',
               observation_key: str = 'lr') -> typing.Callable[[Trainer], None]:
    """An extension that records the learning rate ``lr`` of an optimizer.

    Args:
        optimizer_name (str): the optimizer's name in the updater.
        observation_key (str): the key in ``trainer.observation``.

    Returns:
        The extension, a function ``f(trainer)``.
    """
    # lr is a hyperparameter of SGD-like optimizers only (Adam has alpha), as in Chainer.
    return observe_value(observation_key,
                         lambda trainer: trainer.updater.get_optimizer(
                             optimizer_name).lr)  # type: ignore[attr-defined]
