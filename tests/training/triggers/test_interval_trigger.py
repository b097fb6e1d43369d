import numpy
import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import triggers


def fired(trigger, iterations, iter_per_epoch=4):
    trainer = get_trainer_with_mock_updater((iterations, 'iteration'), iter_per_epoch)
    result = []
    for _ in range(iterations):
        trainer.updater.update()
        if trigger(trainer):
            result.append(trainer.updater.iteration)
    return result


def test_iteration_and_epoch_units():
    assert fired(triggers.IntervalTrigger(3, 'iteration'), 10) == [3, 6, 9]
    assert fired(triggers.IntervalTrigger(1, 'epoch'), 10) == [4, 8]
    assert fired(triggers.IntervalTrigger(0.5, 'epoch'), 8) == [2, 4, 6, 8]
    assert triggers.IntervalTrigger(2, 'epoch').get_training_length() == (2, 'epoch')


@pytest.mark.parametrize('period, unit, match', [
    (1, 'hour', "IntervalTrigger: unit must be 'epoch' or 'iteration', got 'hour'"),
    (0, 'epoch', 'period must be a positive number, got 0'),
    ('1', 'epoch', "period must be a positive number, got '1'"),
])
def test_bad_arguments_name_the_argument(period, unit, match):
    with pytest.raises(ValueError, match=match):
        triggers.IntervalTrigger(period, unit)


def test_serialized_state_continues(tmp_path):
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 4)
    trigger = triggers.IntervalTrigger(3, 'iteration')
    for _ in range(2):
        trainer.updater.update()
        trigger(trainer)
    serializers.save_npz(tmp_path / 't.npz', trigger)
    other = triggers.IntervalTrigger(3, 'iteration')
    serializers.load_npz(tmp_path / 't.npz', other)
    trainer.updater.update()
    assert other(trainer)


def test_snapshot_without_previous_position_guesses_it(tmp_path):
    numpy.savez(tmp_path / 'old.npz', dummy=0)
    trainer = get_trainer_with_mock_updater((20, 'iteration'), 4)
    for _ in range(3):
        trainer.updater.update()
    trigger = triggers.IntervalTrigger(4, 'iteration')
    with pytest.warns(UserWarning, match='the snapshot has no previous'):
        serializers.load_npz(tmp_path / 'old.npz', trigger)
    assert trigger._previous_iteration == -1
    trainer.updater.update()
    assert trigger(trainer)  # 3 -> 4 crosses the period
    trainer.updater.update()
    assert not trigger(trainer)
