"""Link, Chain, ChainList and Sequential."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import Parameter


class MLP(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, 4)
            self.l2 = L.Linear(4, 2)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


def test_init_scope_registers_params_and_links():
    model = MLP()
    names = [name for name, _ in model.namedparams()]
    assert names == ['/l1/W', '/l1/b', '/l2/W', '/l2/b']
    assert [name for name, _ in model.namedlinks()] == ['/', '/l1', '/l2']
    assert [name for name, _ in model.namedlinks(skipself=True)] == ['/l1', '/l2']
    assert list(model.children()) == [model.l1, model.l2]
    assert model.l1.name == 'l1' and model.l1.W.name == 'W'
    assert model['l2'] is model.l2
    # Outside init_scope nothing is registered.
    model.extra = Parameter(numpy.zeros(3, numpy.float32))
    assert len(list(model.params())) == 4


def test_lazy_linear_initializes_from_first_input():
    model = MLP()
    assert model.l1.W.array is None
    assert len(list(model.params(include_uninit=False))) == 3
    with pytest.warns(UserWarning, match='not initialized'):
        assert model.count_params() == 4 * 2 + 2 + 4
    y = model(numpy.ones((5, 7), numpy.float32))
    assert y.shape == (5, 2) and model.l1.W.shape == (4, 7)
    assert model.count_params() == 7 * 4 + 4 + 4 * 2 + 2


def test_linear_options():
    layer = L.Linear(3, 2, nobias=True, initialW=kusari.initializers.Constant(0.5))
    assert layer.b is None
    y = layer(numpy.ones((1, 3), numpy.float32))
    numpy.testing.assert_allclose(y.array, [[1.5, 1.5]])
    layer = L.Linear(3, 2, initial_bias=2.0)
    numpy.testing.assert_allclose(layer.b.array, [2.0, 2.0])
    assert L.Linear(5).out_size == 5


def test_linear_bad_input_names_function_and_shapes():
    layer = L.Linear(3, 2)
    with pytest.raises(kusari.utils.type_check.InvalidType, match=r'linear.*\(4, 5\)'):
        layer(numpy.ones((4, 5), numpy.float32))
    before = layer.W.array.copy()
    assert layer.W.creator is None
    numpy.testing.assert_array_equal(layer.W.array, before)


def test_cleargrads_and_addgrads_and_copyparams():
    a, b = MLP(), MLP()
    x = numpy.ones((2, 3), numpy.float32)
    F.sum(a(x)).backward()
    F.sum(b(x)).backward()
    expected = a.l1.W.grad + b.l1.W.grad
    a.addgrads(b)
    numpy.testing.assert_allclose(a.l1.W.grad, expected)
    a.cleargrads()
    assert all(p.grad is None for p in a.params())
    a.copyparams(b)
    numpy.testing.assert_array_equal(a.l2.W.array, b.l2.W.array)


@pytest.mark.parametrize('mode', ['share', 'copy', 'init'])
def test_copy_modes(mode):
    model = MLP()
    model(numpy.ones((1, 3), numpy.float32))
    clone = model.copy(mode)
    assert clone.l1 is not model.l1 and clone.l1.W is not model.l1.W
    shared = clone.l1.W.array is model.l1.W.array
    assert shared == (mode == 'share')
    same_values = numpy.array_equal(clone.l1.W.array, model.l1.W.array)
    assert same_values == (mode != 'init')
    assert [n for n, _ in clone.namedparams()] == [n for n, _ in model.namedparams()]


def test_persistent_values_and_serialize_protocol():
    link = kusari.Link()
    link.add_persistent('count', 3)
    link.add_persistent('stats', numpy.zeros(2))
    with link.init_scope():
        link.w = Parameter(numpy.ones(2, numpy.float32))
    saved = {}

    class Saver(kusari.Serializer):
        def __getitem__(self, key):
            return self

        def __call__(self, key, value):
            saved[key] = value
            return value

    link.serialize(Saver())
    assert set(saved) == {'w', 'count', 'stats'}


def test_chainlist_and_sequential():
    chain = kusari.ChainList(L.Linear(2, 3), L.Linear(3, 1))
    assert len(chain) == 2 and chain[1].name == '1'
    assert [n for n, _ in chain.namedparams()] == ['/0/W', '/0/b', '/1/W', '/1/b']
    seq = kusari.Sequential(L.Linear(2, 3), F.relu, L.Linear(3, 1))
    y = seq(numpy.ones((4, 2), numpy.float32))
    assert y.shape == (4, 1)
    assert len(seq) == 3 and len(list(seq.params())) == 4
    assert isinstance(seq[:2], kusari.Sequential) and len(seq[:2]) == 2
    seq.insert(1, F.tanh)
    assert seq.count_by_layer_type('Linear') == 2 and seq.count_by_layer_type('tanh') == 1
    seq.remove_by_layer_type('relu')
    assert len(seq) == 3
    assert seq.pop() is not None and len(seq) == 2
    flat = kusari.Sequential(seq, kusari.Sequential(F.relu)).flatten()
    assert len(flat) == 3
    rep = L.Linear(2, 2).repeat(3)
    assert len(rep) == 3 and rep[0].W is not rep[1].W


def test_disable_update_and_update_enabled():
    model = MLP()
    opt = kusari.optimizers.SGD(lr=1.0).setup(model)
    model(numpy.ones((1, 3), numpy.float32))
    model.l2.disable_update()
    assert not model.update_enabled
    before = model.l2.W.array.copy()
    opt.update(lambda: F.sum(model(numpy.ones((1, 3), numpy.float32))))
    numpy.testing.assert_array_equal(model.l2.W.array, before)
    model.enable_update()
    assert model.update_enabled


def test_classifier_reports_loss_and_accuracy():
    model = L.Classifier(MLP())
    x = numpy.random.randn(6, 3).astype(numpy.float32)
    t = numpy.array([0, 1, 0, 1, 1, 0], numpy.int32)
    reporter = kusari.Reporter()
    reporter.add_observer('main', model)
    observation = {}
    with reporter.scope(observation):
        loss = model(x, t)
    assert set(observation) == {'main/loss', 'main/accuracy'}
    assert observation['main/loss'].array == loss.array
    assert model.accuracy is not None
    loss.backward()
    assert model.predictor.l1.W.grad is not None
