import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import triggers


def stop_iteration(trigger, values, key='main/loss'):
    trainer = get_trainer_with_mock_updater((100, 'iteration'), 1)
    for value in values:
        trainer.updater.update()
        trainer.observation = {key: value}
        if trigger(trainer):
            return trainer.updater.iteration
    return None


def test_stops_after_patience_checks_without_improvement():
    trigger = triggers.EarlyStoppingTrigger(patience=2, max_trigger=(50, 'iteration'))
    assert stop_iteration(trigger, [5, 4, 4.5, 3, 3.5, 3.2, 1]) == 6
    assert trigger.best == 3


def test_auto_mode_maximizes_accuracy_and_patients_alias():
    trigger = triggers.EarlyStoppingTrigger(monitor='validation/main/accuracy', patients=1,
                                            max_trigger=(50, 'iteration'))
    assert stop_iteration(trigger, [0.5, 0.6, 0.55], key='validation/main/accuracy') == 3
    with pytest.raises(TypeError, match='not both'):
        triggers.EarlyStoppingTrigger(patience=10, patients=3)


def test_max_trigger_and_training_length():
    trigger = triggers.EarlyStoppingTrigger(max_trigger=(3, 'iteration'))
    assert stop_iteration(trigger, [5, 4, 3, 2, 1]) == 3
    assert trigger.get_training_length() == (3, 'iteration')


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode must be 'auto', 'max' or 'min', got 'up'"):
        triggers.EarlyStoppingTrigger(mode='up')
    with pytest.raises(ValueError, match='patience must be a positive int'):
        triggers.EarlyStoppingTrigger(patience=0)
    with pytest.raises(TypeError, match='unexpected argument'):
        triggers.EarlyStoppingTrigger(patient=2)


def test_serialize_keeps_count_and_best(tmp_path):
    trigger = triggers.EarlyStoppingTrigger(patience=2, max_trigger=(50, 'iteration'))
    stop_iteration(trigger, [5, 6])
    serializers.save_npz(tmp_path / 't.npz', trigger)
    other = triggers.EarlyStoppingTrigger(patience=2, max_trigger=(50, 'iteration'))
    serializers.load_npz(tmp_path / 't.npz', other)
    assert (other.best, other.count) == (5, 1)
