"""MultiNodeBatchNormalization, create_mnbn_model and MultiNodeChainList in one
process (the multi-process checks are in test_mpi.py)."""

import numpy
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import kusari
import kusari.links as L
from kusari import distributed as D
from kusari.distributed import _mpi


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


@pytest.mark.parametrize('shape', [(6, 3), (4, 3, 2, 2)])
def test_mnbn_in_one_process_is_batch_normalization(comm, shape):
    rng = numpy.random.RandomState(0)
    x_data = (rng.randn(*shape) * 3 + 1).astype(numpy.float32)
    gy = rng.randn(*shape).astype(numpy.float32)
    mnbn, bn = D.links.MultiNodeBatchNormalization(3, comm, decay=0.8), L.BatchNormalization(
        3, decay=0.8)
    for link in (mnbn, bn):
        link.gamma.array[...] = [0.5, 1.0, 2.0]
        link.beta.array[...] = [0.0, 1.0, -1.0]
    x, x_ref = kusari.Variable(x_data), kusari.Variable(x_data.copy())
    y, y_ref = mnbn(x), bn(x_ref)
    assert_allclose(y.array, y_ref.array, rtol=1e-4, atol=1e-5)
    y.grad, y_ref.grad = gy, gy.copy()
    y.backward()
    y_ref.backward()
    for a, b in ((x.grad, x_ref.grad), (mnbn.gamma.grad, bn.gamma.grad),
                 (mnbn.beta.grad, bn.beta.grad), (mnbn.avg_mean, bn.avg_mean),
                 (mnbn.avg_var, bn.avg_var)):
        assert_allclose(a, b, rtol=1e-4, atol=1e-5)
    with kusari.using_config('train', False):
        assert_allclose(mnbn(x_data).array, bn(x_data).array, rtol=1e-5, atol=1e-6)


def test_mnbn_rejects_unknown_backend(comm):
    with pytest.raises(ValueError, match="communication_backend must be one of"):
        D.links.MultiNodeBatchNormalization(3, comm, communication_backend='tcp')
    with pytest.raises(ValueError, match="'nccl' needs a PureNcclCommunicator, not "
                                         "DummyCommunicator"):
        D.links.MultiNodeBatchNormalization(3, comm, communication_backend='nccl')


def test_mnbn_mixed16_gradients_have_the_parameters_dtypes(comm):
    x = kusari.Variable(numpy.random.RandomState(0).randn(4, 3).astype(numpy.float16))
    with kusari.using_config('dtype', kusari.mixed16):
        mnbn = D.links.MultiNodeBatchNormalization(3, comm)
    assert mnbn.gamma.dtype == numpy.float32
    mnbn.cleargrads()
    y = mnbn(x)
    assert y.dtype == numpy.float16
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert x.grad.dtype == numpy.float16
    assert mnbn.gamma.grad.dtype == mnbn.beta.grad.dtype == numpy.float32
    assert_allclose(mnbn.beta.grad, [4.0, 4.0, 4.0])


def test_create_mnbn_model_copies_parameters(comm):
    class Net(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.conv = L.Linear(4, 3)
                self.bn = L.BatchNormalization(3)
                self.stack = kusari.ChainList(L.BatchNormalization(3))

    net = Net()
    net.bn.gamma.array[...] = [1.0, 2.0, 3.0]
    net.stack[0].avg_mean[...] = [0.5, 0.5, 0.5]
    converted = D.links.create_mnbn_model(net, comm)
    assert type(net.bn) is L.BatchNormalization  # the original is left alone
    assert isinstance(converted.bn, D.links.MultiNodeBatchNormalization)
    assert isinstance(converted.stack[0], D.links.MultiNodeBatchNormalization)
    assert_array_equal(converted.bn.gamma.array, [1.0, 2.0, 3.0])
    assert_array_equal(converted.stack[0].avg_mean, [0.5, 0.5, 0.5])
    assert sorted(n for n, _ in converted.namedparams()) == sorted(
        n for n, _ in net.namedparams())


def test_chain_list_allows_one_output_piece(comm):
    model = D.MultiNodeChainList(comm)
    model.add_link(L.Linear(2, 2), rank_in=None, rank_out=None)
    with pytest.raises(ValueError, match='only one piece'):
        model.add_link(L.Linear(2, 2), rank_in=None, rank_out=None)


def test_chain_list_passes_outputs_to_itself(comm):
    first, second = L.Linear(2, 3), L.Linear(3, 1)
    model = D.MultiNodeChainList(comm)
    model.add_link(first, rank_in=None, rank_out=0)
    model.add_link(second, rank_in=0, rank_out=None)
    x = numpy.ones((4, 2), numpy.float32)
    y = model(x)
    assert_allclose(y.array, second(first(x)).array)
    kusari.functions.sum(y).backward()
    assert first.W.grad is not None and second.W.grad is not None
