"""A trainer whose updater only counts, for testing trainer extensions."""

import unittest.mock


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10,
                                  extensions=None):
    """A :class:`~kusari.training.Trainer` with a mock updater.

    Each ``updater.update()`` calls the mock ``updater.update_core()`` and
    advances ``iteration``, ``epoch``, ``epoch_detail``, ``is_new_epoch`` and
    ``previous_epoch_detail`` as an iterator with ``iter_per_epoch``
    iterations per epoch would. The updater has no optimizers.

    Args:
        stop_trigger: the trainer's stop trigger.
        iter_per_epoch (int): iterations per epoch.
        extensions (list): extensions to register.
    """
    from kusari import training
    updater = unittest.mock.Mock()
    updater.get_all_optimizers.return_value = {}
    updater.iteration = 0
    updater.epoch = 0
    updater.epoch_detail = 0.0
    updater.is_new_epoch = True
    updater.previous_epoch_detail = None

    def update():
        updater.update_core()
        updater.iteration += 1
        updater.epoch = updater.iteration // iter_per_epoch
        updater.epoch_detail = updater.iteration / iter_per_epoch
        updater.is_new_epoch = (updater.iteration - 1) // iter_per_epoch != updater.epoch
        updater.previous_epoch_detail = (updater.iteration - 1) / iter_per_epoch

    updater.update = update
    return training.Trainer(updater, stop_trigger, extensions=extensions or [])
