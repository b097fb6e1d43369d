"""Multi-node trainer extensions in one process (multi-process runs: test_mpi.py)."""

import os

import numpy
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import kusari.links as L
from kusari import distributed as D
from kusari import iterators, optimizers, training
from kusari.datasets import TupleDataset
from kusari.distributed import _mpi
from kusari.distributed.extensions._multi_node_snapshot import _parse_replica_sets
from kusari.training import extensions


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


def dataset(n=12):
    rng = numpy.random.RandomState(0)
    x = rng.randn(n, 3).astype(numpy.float32)
    return TupleDataset(x, (x[:, 0] > 0).astype(numpy.int32))


def test_multi_node_evaluator_in_one_process_is_the_evaluator(comm):
    model = L.Classifier(L.Linear(3, 2))

    def make():
        return iterators.SerialIterator(dataset(), 5, repeat=False, shuffle=False)

    multi = D.create_multi_node_evaluator(extensions.Evaluator(make(), model), comm)
    plain = extensions.Evaluator(make(), model)
    got, expected = multi(), plain()
    assert sorted(got) == sorted(expected)
    for key in expected:
        assert_allclose(got[key], expected[key])


def test_generic_evaluator_collects_every_batch(comm):
    model = L.Classifier(L.Linear(3, 2))
    it = iterators.SerialIterator(dataset(11), 4, repeat=False, shuffle=False)

    class Sizes(D.extensions.GenericMultiNodeEvaluator):
        def calc_local(self, x, t):
            return len(t)

    assert Sizes(comm, it, model)() == [4, 4, 3]
    assert Sizes(comm, it, model)() == [4, 4, 3]  # the iterator is reset
    with pytest.raises(ValueError, match='root must be a rank from 0 to 0'):
        D.extensions.GenericMultiNodeEvaluator(comm, it, model, root=1)


@pytest.mark.parametrize('sets, size, expected', [
    ([0], 4, [{0}, {1, 2, 3}]),
    ([0, 1], 4, [{0}, {1}, {2, 3}]),
    ([[0, 1], [2, 3]], 4, [{0, 1}, {2, 3}]),
    ([], 4, [{0, 1, 2, 3}]),
    ([range(0, 8, 2)], 8, [{0, 2, 4, 6}, {1, 3, 5, 7}]),
])
def test_replica_sets(sets, size, expected):
    assert _parse_replica_sets(sets, size) == expected


def test_replica_sets_errors():
    with pytest.raises(ValueError, match='not a rank of this job'):
        _parse_replica_sets([5], 4)
    with pytest.raises(ValueError, match='appear in two replica sets'):
        _parse_replica_sets([[0, 1], [1]], 4)


def _trainer(comm, out, stop, seed):
    numpy.random.seed(seed)
    model = L.Classifier(L.Linear(3, 2))
    optimizer = D.create_multi_node_optimizer(optimizers.SGD(lr=0.1), comm).setup(model)
    it = iterators.SerialIterator(dataset(), 4, shuffle=False)
    trainer = training.Trainer(training.StandardUpdater(it, optimizer), (stop, 'iteration'),
                               out=str(out))
    snapshot = extensions.snapshot(filename='s_{.updater.iteration}', autoload=True)
    trainer.extend(D.extensions.multi_node_snapshot(comm, snapshot, [0]),
                   trigger=(2, 'iteration'))
    return trainer, model


def test_multi_node_snapshot_names_files_by_rank_and_resumes(comm, tmp_path):
    first, _ = _trainer(comm, tmp_path, 4, seed=0)
    first.run()
    assert sorted(os.listdir(tmp_path)) == ['s_2.0', 's_4.0']
    resumed, model = _trainer(comm, tmp_path, 6, seed=1)
    resumed.run()
    straight, reference = _trainer(comm, tmp_path / 'straight', 6, seed=0)
    straight.run()
    assert resumed.updater.iteration == 6
    assert_array_equal(model.predictor.W.array, reference.predictor.W.array)


def test_allreduce_persistent_in_one_process_keeps_the_statistics(comm):
    bn = L.BatchNormalization(3)
    bn.avg_mean[...] = [1.0, 2.0, 3.0]
    D.extensions.AllreducePersistent(bn, comm)()
    assert_array_equal(bn.avg_mean, [1.0, 2.0, 3.0])
    assert bn.N == 0


def test_checkpointer_is_deprecated_and_checks_arguments(comm, tmp_path):
    with pytest.warns(DeprecationWarning, match='multi_node_snapshot'):
        cp = D.create_multi_node_checkpointer('run', comm, path=str(tmp_path))
    model = L.Linear(2, 2)
    model.W.array[...] = 7.0
    cp.save(model, 5)
    fresh = L.Linear(2, 2)
    cp.maybe_load(fresh)
    assert_array_equal(fresh.W.array, 7.0)
    assert 'avg=' in cp.get_stats()
    cp.finalize()
    assert os.listdir(tmp_path) == []
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match='without dots'):
        D.create_multi_node_checkpointer('a.b', comm)


def test_checkpoint_stats(monkeypatch):
    from kusari.distributed.extensions import checkpoint
    stats = checkpoint._CheckpointStats()
    assert stats.report() == 'No stats available'
    clock = iter([10.0, 10.5, 20.0, 22.0])
    monkeypatch.setattr(checkpoint.time, 'time', lambda: next(clock))
    stats.end()  # not started: nothing to record
    for _ in range(2):
        stats.start()
        stats.end()
    assert stats.report() == ('Snapshot duration stats (sec): avg=1.250000, min=0.500000, '
                              'max=2.000000')


def test_multi_node_early_stopping_in_one_process_is_early_stopping(comm):
    from kusari.testing import get_trainer_with_mock_updater
    from kusari.training.triggers import EarlyStoppingTrigger
    options = dict(check_trigger=(1, 'iteration'), monitor='main/loss', patience=2,
                   max_trigger=(50, 'iteration'))
    multi = D.extensions.MultiNodeEarlyStoppingTrigger(comm, **options)
    plain = EarlyStoppingTrigger(**options)
    trainers = [get_trainer_with_mock_updater(), get_trainer_with_mock_updater()]
    decisions = []
    for loss in (3.0, 2.0, 1.0, 1.5, 2.5, 3.5, 4.0):
        row = []
        for trigger, trainer in zip((multi, plain), trainers):
            trainer.updater.update()
            trainer.observation = {'main/loss': numpy.float32(loss)}
            row.append(bool(trigger(trainer)))
        decisions.append(row)
    assert [a for a, _ in decisions] == [b for _, b in decisions]
    assert any(a for a, _ in decisions) and not decisions[0][0]
    assert multi.get_training_length() == plain.get_training_length()
