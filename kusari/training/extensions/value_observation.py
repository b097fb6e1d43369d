"""observe_value / observe_lr: put a value computed from the trainer into the observation."""

from kusari.training import extension


def observe_value(observation_key, target_func):
    """An extension that records ``target_func(trainer)`` as ``observation_key``.

    It runs once per epoch by default, before the extensions that read the
    observation (e.g. LogReport).

    Args:
        observation_key (str): the key in ``trainer.observation``.
        target_func (callable): computes the value from the trainer.
    """
    @extension.make_extension(trigger=(1, 'epoch'), priority=extension.PRIORITY_WRITER,
                              default_name='observe_value')
    def _observe_value(trainer):
        trainer.observation[observation_key] = target_func(trainer)
    return _observe_value


def observe_lr(optimizer_name='main', observation_key='lr'):
    """An extension that records the learning rate ``lr`` of an optimizer.

    Args:
        optimizer_name (str): the optimizer's name in the updater.
        observation_key (str): the key in ``trainer.observation``.
    """
    return observe_value(observation_key,
                         lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
