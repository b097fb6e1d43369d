"""Communicators in one process, without MPI (the multi-process runs are in
test_mpi.py)."""

import sys

import numpy
import pytest
from numpy.testing import assert_array_equal

import kusari
import kusari.links as L
from kusari import distributed as D
from kusari.distributed import _mpi
from kusari.distributed.communicators.flat_communicator import FlatCommunicator
from kusari.distributed.communicators.naive_communicator import NaiveCommunicator


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


def model_with_grads(seed=0):
    model = kusari.Sequential(L.Linear(3, 4), L.Linear(4, 2))
    rng = numpy.random.RandomState(seed)
    for p in model.params():
        p.grad = rng.randn(*p.shape).astype(p.dtype)
    return model


def test_dummy_communicator_needs_no_mpi(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(sys.modules, 'mpi4py', None)  # importing it now fails
    comm = D.create_communicator('dummy')
    assert (comm.rank, comm.size, comm.intra_rank, comm.intra_size, comm.inter_rank,
            comm.inter_size) == (0, 1, 0, 1, 0, 1)
    with pytest.raises(ImportError, match=r"kusari\[mpi\]"):
        D.create_communicator('naive')


def test_arrays_in_a_one_process_world(comm):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    assert_array_equal(comm.bcast(x), x)
    gathered = comm.gather(x)
    assert isinstance(gathered, tuple) and len(gathered) == 1
    assert_array_equal(gathered[0], x)
    assert_array_equal(comm.allgather(x)[0], x)
    assert_array_equal(comm.scatter(x[None]), x)
    assert_array_equal(comm.scatter((x,)), x)
    assert_array_equal(comm.alltoall((x,))[0], x)
    half = numpy.array([1.5, -2.0], numpy.float16)
    total = comm.allreduce(half)
    assert total.dtype == numpy.float16
    assert_array_equal(total, half)
    comm.send((x, x.astype(numpy.int32)), 0, tag=4)
    a, b = comm.recv(0, tag=4)
    assert_array_equal(a, x)
    assert b.dtype == numpy.int32


def test_objects_in_a_one_process_world(comm):
    obj = {'a': [1, 2]}
    copied = comm.bcast_obj(obj)
    assert copied == obj and copied is not obj
    assert comm.gather_obj(3) == [3]
    assert comm.allreduce_obj(5) == 5
    comm.send_obj(obj, 0, tag=2)
    assert comm.recv_obj(0) == obj
    sub = comm.split(0, 0)
    assert type(sub) is type(comm) and sub.size == 1
    sub.finalize()


def test_bad_arguments_are_named(comm):
    with pytest.raises(ValueError, match='dest must be a rank from 0 to 0'):
        comm.send(numpy.zeros(1), 1)
    with pytest.raises(ValueError, match='root must be a rank'):
        comm.bcast_obj(1, root=2)
    with pytest.raises(TypeError, match='bcast: data must be a NumPy or CuPy array'):
        comm.bcast([1, 2])
    with pytest.raises(ValueError, match=r'scatter: expected 1 arrays'):
        comm.scatter((numpy.zeros(1), numpy.zeros(1)))
    with pytest.raises(TypeError, match='cannot be summed'):
        comm.allreduce(numpy.array([True]))
    with pytest.raises(ValueError, match="unknown configuration 'nothing'"):
        comm.set_config('nothing')


def test_config(comm):
    assert comm.get_config('batched_copy') is True  # create_communicator's default
    assert comm.batched_copy is True  # a configuration is also an attribute
    comm.set_config('batched_copy', False)
    assert comm.get_config() == {'batched_copy': False}
    assert comm.batched_copy is False
    comm.set_config('batched_copy')  # the value defaults to True
    assert comm.batched_copy is True


def test_config_scope_records_attributes_as_configurations(comm):
    comm.unrelated = 1  # outside the scope: a plain attribute
    with comm.config_scope():
        comm.foobar = '0xdeadbeef'
        with comm.config_scope():
            comm.inner = 2
        comm.after_inner = 3  # still in the outer scope
    comm.later = 4
    assert comm._configs == {'batched_copy': True, 'foobar': '0xdeadbeef', 'inner': 2,
                             'after_inner': 3}
    assert comm.get_config('foobar') == '0xdeadbeef' and comm.foobar == '0xdeadbeef'
    with pytest.raises(ValueError, match="unknown configuration 'later'"):
        comm.get_config('later')


def test_split_keeps_the_configurations(comm):
    comm.set_config('batched_copy', False)
    assert comm.split(0, 0).get_config() == {'batched_copy': False}


def test_init_ranks_of_a_one_process_world():
    assert _mpi.init_ranks(_mpi.SelfComm()) == [0, 0, 1, 0, 1]


def test_nccl_module_imports_without_cupy(monkeypatch):
    import kusari.distributed
    monkeypatch.setitem(sys.modules, 'cupy', None)  # importing CuPy now fails
    # Forget an earlier import (the module and the package's attribute), so it runs again.
    monkeypatch.delitem(sys.modules, 'kusari.distributed.nccl', raising=False)
    monkeypatch.delattr(kusari.distributed, 'nccl', raising=False)
    from kusari.distributed import nccl
    assert nccl._available is False
    assert not hasattr(nccl, 'NcclCommunicator')
    monkeypatch.delitem(sys.modules, 'kusari.distributed.nccl')  # leave no stale module


def test_memory_utility_gives_host_arrays_as_buffers():
    from kusari.distributed.communicators import _memory_utility
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)[:, 1]
    buffer = _memory_utility.array_to_buffer_object(x)
    assert buffer.flags.c_contiguous
    assert_array_equal(buffer, [1, 4])
    with pytest.raises(ValueError, match='not an array'):
        _memory_utility.array_to_buffer_object([1.0, 2.0])


def test_dummy_leaves_gradients_alone_but_zero_fills(comm):
    model = model_with_grads()
    before = {n: p.grad.copy() for n, p in model.namedparams()}
    unused = model[1].b
    unused.grad = None
    comm.multi_node_mean_grad(model, zero_fill=True)
    for n, p in model.namedparams():
        expected = numpy.zeros_like(before[n]) if p is unused else before[n]
        assert_array_equal(p.grad, expected)


@pytest.mark.parametrize('cls', [NaiveCommunicator, FlatCommunicator])
def test_mean_over_one_process_is_the_gradient(cls):
    comm = cls(_mpi.SelfComm())
    model = model_with_grads()
    model.add_link(L.Linear(None, 2))  # uninitialized: skipped
    model[0].W.grad = numpy.broadcast_to(numpy.float32(0.5), model[0].W.shape)  # read-only
    model[1].W.array = model[1].W.array.astype(numpy.float16)
    model[1].W.grad = model[1].W.grad.astype(numpy.float16)
    before = {n: numpy.array(p.grad) for n, p in model.namedparams(include_uninit=False)
              if p.grad is not None}
    comm.multi_node_mean_grad(model)
    for n, p in model.namedparams():
        if n in before:
            assert p.grad.dtype == before[n].dtype
            assert_array_equal(p.grad, before[n])
    assert not model[2].W.is_initialized  # skipped, its gradient never read (Chainer refuses it)


def test_allreduce_grad_is_deprecated(comm):
    model = model_with_grads()
    with pytest.warns(DeprecationWarning, match='multi_node_mean_grad'):
        comm.allreduce_grad(model)


def test_bcast_data_keeps_the_arrays(comm):
    model = model_with_grads()
    arrays = {n: p.array for n, p in model.namedparams()}
    values = {n: p.array.copy() for n, p in model.namedparams()}
    comm.bcast_data(model)
    for n, p in model.namedparams():
        assert p.array is arrays[n]
        assert_array_equal(p.array, values[n])


def test_create_communicator_errors():
    with pytest.raises(ValueError, match="unknown communicator 'fast'"):
        D.create_communicator('fast')
    with pytest.raises(ValueError, match="removed in Chainer v7"):
        D.create_communicator('hierarchical')
    with pytest.raises(ValueError, match="only available for the 'pure_nccl'"):
        D.create_communicator('dummy', allreduce_grad_dtype=numpy.float16)
    with pytest.raises(TypeError, match='unexpected argument'):
        D.create_communicator('dummy', speed=3)


@pytest.mark.parametrize('name', ['pure_nccl', 'non_cuda_aware'])
def test_gpu_communicators_say_what_to_use_without_cupy(name, monkeypatch):
    monkeypatch.setitem(sys.modules, 'cupy', None)
    with pytest.raises(RuntimeError, match="use create_communicator\\('naive'\\)"):
        D.create_communicator(name, mpi_comm=_mpi.SelfComm())


def test_communicator_base_is_abstract():
    with pytest.raises(TypeError):
        D.CommunicatorBase()


def test_chainermn_name_resolves_to_kusari_distributed():
    import kusari.compat
    kusari.compat.install()
    import chainermn
    assert chainermn is D
    assert chainermn.create_communicator is D.create_communicator
