import pytest

from kusari import reporter, serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions


def feed(trainer, average, pairs):
    results = []
    for correct, total in pairs:
        trainer.updater.update()
        trainer.observation = {'correct': correct, 'total': total}
        with reporter.Reporter().scope(trainer.observation):
            average(trainer)
        results.append(trainer.observation.get('accuracy'))
    return results


def test_ratio_of_sums_per_interval(tmp_path):
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    average = extensions.MicroAverage('correct', 'total', 'accuracy')
    # Per-batch accuracies 1/1 and 1/3 average to 2/3; the micro average is 2/4.
    assert feed(trainer, average, [(1, 1), (1, 3), (3, 3)]) == [None, 0.5, None]
    serializers.save_npz(tmp_path / 'm.npz', average)
    resumed = extensions.MicroAverage('correct', 'total', 'accuracy')
    serializers.load_npz(tmp_path / 'm.npz', resumed)
    assert feed(trainer, resumed, [(0, 2)]) == [pytest.approx(0.6)]


def test_iterations_without_the_keys_are_skipped_trigger_included():
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    average = extensions.MicroAverage('correct', 'total', 'accuracy',
                                      trigger=(2, 'iteration'))
    # Only iterations 1 and 4 report (as an Evaluator running less often would); the
    # trigger fires at 4, and nothing fails at 2 where nothing was summed.
    results = []
    for pairs in ({'correct': 1, 'total': 2}, {}, {}, {'correct': 2, 'total': 2}):
        trainer.updater.update()
        trainer.observation = dict(pairs)
        with reporter.Reporter().scope(trainer.observation):
            average(trainer)
        results.append(trainer.observation.get('accuracy'))
    assert results == [None, None, None, 0.75]
