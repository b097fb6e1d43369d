"""The multi-node optimizer in one process (dummy communicator)."""

import numpy
import pytest
from numpy.testing import assert_array_equal

import kusari.links as L
from kusari import distributed as D
from kusari import optimizers
from kusari.distributed import _mpi


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


def data():
    rng = numpy.random.RandomState(0)
    return rng.randn(6, 3).astype(numpy.float32), numpy.array([0, 1, 1, 0, 1, 0], numpy.int32)


def test_updates_like_the_wrapped_optimizer_after_the_first_update(comm):
    x, t = data()
    numpy.random.seed(0)
    model = L.Classifier(L.Linear(3, 2))
    numpy.random.seed(0)
    reference = L.Classifier(L.Linear(3, 2))
    multi = D.create_multi_node_optimizer(optimizers.Adam(alpha=0.01), comm)
    assert multi.setup(model) is multi
    multi.update(model, x, t)  # as in ChainerMN: broadcasts rank 0's parameters only
    assert multi.t == 0
    plain = optimizers.Adam(alpha=0.01)
    plain.setup(reference)
    for _ in range(3):
        multi.update(model, x, t)
        plain.update(reference, x, t)
    assert multi.t == 3
    for (_, p), (_, q) in zip(sorted(model.namedparams()), sorted(reference.namedparams())):
        assert_array_equal(p.array, q.array)


def test_attributes_are_the_wrapped_optimizers(comm):
    actual = optimizers.SGD(lr=0.1)
    multi = D.create_multi_node_optimizer(actual, comm)
    multi.lr = 0.5
    assert actual.lr == 0.5 and multi.lr == 0.5
    assert multi.actual_optimizer is actual


def test_the_first_update_and_one_after_parameters_change_broadcast(comm):
    x, t = data()
    model = L.Classifier(L.Linear(None, 2))
    multi = D.create_multi_node_optimizer(optimizers.SGD(lr=0.1), comm).setup(model)
    assert multi.needs_broadcast
    multi.update(model, x, t)  # the first update (W initialized too): broadcast only
    assert multi.t == 0 and not multi.needs_broadcast
    w = model.predictor.W.array.copy()
    multi.update(model, x, t)
    assert multi.t == 1
    assert not numpy.array_equal(w, model.predictor.W.array)

    with model.init_scope():  # a new link: its parameters change the set
        model.extra = L.Linear(2, 2)
    multi.setup(model)  # restarts t, as Chainer's setup does
    assert multi.needs_broadcast
    w = model.predictor.W.array.copy()
    multi.update(model, x, t)
    assert multi.t == 0
    assert_array_equal(w, model.predictor.W.array)
    multi.update(model, x, t)
    assert multi.t == 1

    multi.needs_broadcast = True
    w = model.predictor.W.array.copy()
    multi.update(model, x, t)
    assert multi.t == 1
    assert_array_equal(w, model.predictor.W.array)
    multi.needs_broadcast = False  # e.g. every process resumed from the same snapshot
    assert not multi.needs_broadcast
    multi.update(model, x, t)
    assert multi.t == 2


def test_double_buffering_needs_pure_nccl(comm):
    with pytest.raises(ValueError, match="needs the 'pure_nccl' communicator"):
        D.create_multi_node_optimizer(optimizers.SGD(), comm, double_buffering=True)
