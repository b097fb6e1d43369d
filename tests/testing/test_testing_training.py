import pytest

from kusari import testing
from kusari import training


def test_runs_until_the_stop_trigger():
    seen = []

    @training.make_extension(trigger=(1, 'iteration'))
    def record(trainer):
        updater = trainer.updater
        seen.append((updater.iteration, updater.epoch, updater.epoch_detail,
                     updater.is_new_epoch, updater.previous_epoch_detail))

    trainer = testing.get_trainer_with_mock_updater(
        stop_trigger=(2, 'epoch'), iter_per_epoch=3, extensions=[record])
    trainer.run()
    assert trainer.updater.update_core.call_count == 6
    assert [s[0] for s in seen] == [1, 2, 3, 4, 5, 6]
    assert [s[1] for s in seen] == [0, 0, 1, 1, 1, 2]
    assert [s[3] for s in seen] == [False, False, True, False, False, True]
    assert seen[3][2] == pytest.approx(4 / 3)
    assert seen[3][4] == pytest.approx(1.0)


def test_defaults():
    trainer = testing.get_trainer_with_mock_updater()
    trainer.run()
    assert trainer.updater.iteration == 10
    assert trainer.updater.epoch == 1
    assert trainer.updater.get_all_optimizers() == {}
