"""Communication functions in one process; the multi-process checks are in
test_mpi.py (job 'functions')."""

import numpy
import pytest
from numpy.testing import assert_array_equal

import kusari
import kusari.functions as F
from kusari import distributed as D
from kusari.distributed import _mpi
from kusari.testing import check_function


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


def variable(*values):
    return kusari.Variable(numpy.array(values, numpy.float32))


def test_collectives_in_a_one_process_world(comm):
    x = variable(1.0, 2.0)
    y, = D.functions.allgather(comm, x)
    z, = D.functions.alltoall(comm, [x * 2.0])
    b = D.functions.bcast(comm, x)
    g, = D.functions.gather(comm, x)
    s = D.functions.scatter(comm, [x * 3.0])
    for out, factor in ((y, 1), (z, 2), (b, 1), (g, 1), (s, 3)):
        assert_array_equal(out.array, x.array * factor)
    F.sum(y + z * 10.0 + b * 100.0 + g * 1000.0 + s * 10000.0).backward()
    assert_array_equal(x.grad, numpy.full(2, 1 + 20 + 100 + 1000 + 30000, numpy.float32))


def test_unused_outputs_get_zero_gradients(comm):
    x = variable(1.0)
    y = D.functions.bcast(comm, x) * 2.0
    ys = D.functions.allgather(comm, x)
    F.sum(y).backward()
    assert_array_equal(x.grad, [2.0])
    del ys


def test_send_and_recv_refuse_this_process(comm):
    with pytest.raises(ValueError, match='rank 0 is this process'):
        D.functions.send(variable(1.0), comm, rank=0)
    with pytest.raises(ValueError, match='rank 0 is this process'):
        D.functions.recv(comm, rank=0)


def test_alltoall_and_scatter_need_one_variable_per_process(comm):
    with pytest.raises(ValueError, match='1 variables'):
        D.functions.alltoall(comm, [variable(1.0)] * 2)
    with pytest.raises(ValueError, match='1 variables'):
        D.functions.scatter(comm, [variable(1.0)] * 2)


def test_pseudo_connect_passes_values_and_reaches_the_delegate():
    delegate_source = variable(4.0)
    delegate = delegate_source * 1.0
    a, b = variable(1.0, 2.0), variable(3.0)
    ya, yb = D.functions.pseudo_connect(delegate, a, b)
    assert_array_equal(ya.array, a.array)
    single = D.functions.pseudo_connect(delegate, a)  # a 1-tuple, as in Chainer
    assert isinstance(single, tuple) and len(single) == 1
    assert isinstance(single[0], kusari.Variable)
    none_delegate, = D.functions.pseudo_connect(None, b)
    assert_array_equal(none_delegate.array, b.array)
    assert none_delegate.creator.inputs[0].shape == (0,)
    F.sum(ya * 2.0 + F.broadcast_to(yb, (2,))).backward()
    assert_array_equal(a.grad, [2.0, 2.0])
    assert_array_equal(b.grad, [2.0])
    assert_array_equal(delegate_source.grad, [0.0])  # reached, with a zero gradient


def test_pseudo_connect_gradients():
    rng = numpy.random.RandomState(0)
    check_function(lambda delegate, a, b: D.functions.pseudo_connect(delegate, a, b),
                   (rng.randn(3, 2), rng.randn(4, 5), rng.randn(2)),
                   lambda delegate, a, b: (a, b))
    check_function(lambda delegate, a: D.functions.pseudo_connect(delegate, a),
                   (rng.randn(2), rng.randn(3)), lambda delegate, a: (a,))
