import numpy
import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import triggers


def run(trigger, iterations, iter_per_epoch=4):
    trainer = get_trainer_with_mock_updater((iterations, 'iteration'), iter_per_epoch)
    fired, finished = [], []
    for _ in range(iterations):
        trainer.updater.update()
        if trigger(trainer):
            fired.append(trainer.updater.iteration)
        finished.append(trigger.finished)
    return fired, finished


def test_fires_at_the_points():
    fired, finished = run(triggers.ManualScheduleTrigger([2, 5, 7], 'iteration'), 9)
    assert fired == [2, 5, 7]
    assert finished == [False] * 6 + [True] * 3
    fired, _ = run(triggers.ManualScheduleTrigger(1.5, 'epoch'), 12)
    assert fired == [6]
    fired, _ = run(triggers.ManualScheduleTrigger([0.5, 2], 'epoch'), 12)
    assert fired == [2, 8]


def test_bad_arguments():
    with pytest.raises(ValueError, match="ManualScheduleTrigger: unit must be"):
        triggers.ManualScheduleTrigger([1], 'epochs')
    with pytest.raises(ValueError, match='points must be'):
        triggers.ManualScheduleTrigger([], 'epoch')


def test_serialize(tmp_path):
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 4)
    trigger = triggers.ManualScheduleTrigger([3], 'iteration')
    for _ in range(3):
        trainer.updater.update()
        trigger(trainer)
    assert trigger.finished
    serializers.save_npz(tmp_path / 't.npz', trigger)
    other = triggers.ManualScheduleTrigger([3], 'iteration')
    serializers.load_npz(tmp_path / 't.npz', other)
    assert other.finished and other._previous_iteration == 3


def test_resume_from_a_snapshot_without_its_state(tmp_path):
    # Chainer's old snapshots hold nothing for the trigger: the previous position is
    # guessed from the updater and the finished flag is set at the next call.
    numpy.savez(tmp_path / 'old.npz', dummy=0)
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    for _ in range(3):
        trainer.updater.update()
    trigger = triggers.ManualScheduleTrigger([2, 4], 'iteration')
    with pytest.warns(UserWarning, match='the snapshot has no'):
        serializers.load_npz(tmp_path / 'old.npz', trigger)
    assert not trigger.finished
    trainer.updater.update()
    assert trigger(trainer) and trigger.finished


def test_snapshot_keys_are_chainers(tmp_path):
    trigger = triggers.ManualScheduleTrigger(3, 'epoch')
    assert set(serializers.npz.serialize(trigger)) == {
        'previous_iteration', 'previous_epoch_detail', 'finished'}
