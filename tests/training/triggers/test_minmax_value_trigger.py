import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import triggers


def run(trigger, values, iter_per_epoch=2, key='v'):
    """Feeds one value per iteration; returns the iterations at which it fired."""
    trainer = get_trainer_with_mock_updater((len(values), 'iteration'), iter_per_epoch)
    fired = []
    for value in values:
        trainer.updater.update()
        trainer.observation = {key: value}
        if trigger(trainer):
            fired.append(trainer.updater.iteration)
    return fired


def test_max_and_min_compare_interval_means():
    # Epoch means: 1.5, 3.5, 2.5, 5.0
    values = [1, 2, 3, 4, 2, 3, 5, 5]
    assert run(triggers.MaxValueTrigger('v'), values) == [2, 4, 8]
    assert run(triggers.MinValueTrigger('v'), values) == [2]
    best = triggers.BestValueTrigger('v', lambda best, new: abs(new - 2.8) < abs(best - 2.8))
    assert run(best, values) == [2, 4, 6]
    assert best.best_value == 2.5


def test_missing_key_is_a_clear_error():
    with pytest.raises(KeyError, match="MaxValueTrigger: key 'v' was not reported"):
        run(triggers.MaxValueTrigger('v'), [1, 2], key='other')


def test_serialize_keeps_best_and_partial_interval(tmp_path):
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    trigger = triggers.MaxValueTrigger('v')
    for value in (3, 5, 1):  # epoch 1 mean 4; epoch 2 half done
        trainer.updater.update()
        trainer.observation = {'v': value}
        trigger(trainer)
    serializers.save_npz(tmp_path / 't.npz', trigger)
    other = triggers.MaxValueTrigger('v')
    serializers.load_npz(tmp_path / 't.npz', other)
    assert other.best_value == 4
    trainer.updater.update()
    trainer.observation = {'v': 8}
    assert other(trainer)  # mean of 1 and 8 (4.5) beats 4
    fresh = triggers.MaxValueTrigger('v')
    serializers.save_npz(tmp_path / 'f.npz', fresh)
    serializers.load_npz(tmp_path / 'f.npz', other)
    assert other.best_value is None
