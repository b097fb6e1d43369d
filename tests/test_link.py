"""Link, Chain, ChainList and Sequential."""

import abc

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
    assert model.update_enabled and not model.l2.update_enabled  # true while any rule is on
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


# -- Chainer's semantics: NaN gradients, share copies, sets of names, devices -------------

def test_a_new_parameter_has_a_nan_gradient_until_cleared():
    link = L.Linear(3, 2)
    assert numpy.isnan(link.W.grad).all()  # a forgotten cleargrads shows
    link.cleargrads()
    F.sum(link(numpy.ones((1, 3), numpy.float32))).backward()
    numpy.testing.assert_array_equal(link.W.grad, numpy.ones((2, 3)))
    lazy = Parameter()
    with pytest.raises(RuntimeError, match='not determined'):
        _ = lazy.grad
    lazy.initialize((2,))
    assert numpy.isnan(lazy.grad).all()
    with pytest.raises(RuntimeError, match='dtype'):
        _ = Parameter(lambda array: None).dtype


def test_share_copy_shares_arrays_even_when_initialized_later():
    model = MLP()
    shared = model.copy()  # mode='share'
    assert shared.name is None and shared.l2.W is not model.l2.W
    assert shared.l2.W.array is model.l2.W.array and shared.l2.W.grad is None
    model(numpy.ones((1, 3), numpy.float32))  # initializes model.l1.W
    assert shared.l1.W.array is model.l1.W.array
    deep = model.copy(mode='copy')
    assert deep.l1.W.array is not model.l1.W.array
    numpy.testing.assert_array_equal(deep.l1.W.array, model.l1.W.array)
    with pytest.raises(ValueError, match='mode'):
        model.copy(mode='deep')


def test_share_copies_share_the_array_slot():
    # Asynchronous training (Chainer's A3C style) copies a model and sets arrays on the
    # copies: as in Chainer, every copy and the original see an array set on any of them.
    model = MLP()
    model(numpy.ones((1, 3), numpy.float32))
    worker, other = model.copy(), model.copy()
    grandchild = worker.copy()
    new = numpy.zeros((2, 4), numpy.float32)
    worker.l2.W.array = new
    for link in (model, other, grandchild):
        assert link.l2.W.array is new
    wider = numpy.ones((2, 5), numpy.float32)
    model.l2.W.data = wider
    for link in (worker, other, grandchild):
        assert link.l2.W.array is wider and link.l2.W.shape == (2, 5)
        assert link.l2.W.node.shape == (2, 5)
    assert model.l1.W.array is worker.l1.W.array  # the other parameters are untouched
    model.cleargrads()  # (the NaN gradients have the old shape)
    for mode in ('copy', 'init'):
        own = model.copy(mode)
        own.l2.W.array = numpy.zeros((2, 5), numpy.float32)
        assert model.l2.W.array is wider


def test_names_are_sets_visited_in_sorted_order():
    link = kusari.Link(b=(2,), a=((3,), 'f'), c=(None, 'd'))
    assert isinstance(link._params, set)
    assert [name for name, _ in link.namedparams()] == ['/a', '/b', '/c']
    assert link.c.array is None and link.c.dtype == numpy.float64


def test_link_without_init_call_and_injected_call():
    class Forgetful(kusari.Link):
        def __init__(self):
            pass

        def forward(self, x):
            return x

    with pytest.raises(RuntimeError, match=r'Link.__init__\(\) has not been called'):
        Forgetful()(1)

    class CallMixin:
        def __call__(self, *args):
            return ('mixin', args)

    class Injected(kusari.Link, CallMixin):
        pass

    assert Injected()(1, 2) == ('mixin', (1, 2))


def test_chain_with_an_abstract_call_from_an_abc_mixin():
    # Chainer code declares a model interface as an ABC and mixes it into a Chain.
    class Model(abc.ABC):
        @abc.abstractmethod
        def __call__(self, x):
            """Map x to the model's output."""

    class Interface(kusari.Chain, Model):
        pass

    class ByCall(Interface):
        def __call__(self, x):
            return x * 2

    class ByForward(Interface):
        def forward(self, x):
            return x * 3

    assert ByCall()(3) == 6
    assert ByForward()(3) == 9

    class Missing(kusari.Chain, metaclass=abc.ABCMeta):
        @abc.abstractmethod
        def __call__(self, x):
            """Declared, never defined."""

    with pytest.raises(TypeError, match='abstract'):
        Missing()


def test_to_cpu_is_deprecated_and_visits_children():
    model = MLP()
    with pytest.warns(DeprecationWarning, match="to_device\\('@numpy'\\)"):
        model.to_cpu()
    seen = []

    class Recorder(kusari.device_resident.DeviceResidentsVisitor):
        def visit_device_resident(self, resident):
            seen.append(resident)

        def visit_variable(self, param):
            seen.append(param.name)

        def visit_array(self, array):
            return array

    model.device_resident_accept(Recorder())
    assert seen == [model, model.l1, 'W', 'b', model.l2, 'W', 'b']
    assert model._device_id is None


def test_chain_list_is_a_mutable_sequence():
    a, b, c = L.Linear(2, 2), L.Linear(2, 2), L.Linear(2, 2)
    chain_list = kusari.ChainList(a, b)
    chain_list[1] = c
    assert list(chain_list) == [a, c] and c.name == '1'
    chain_list += [b]
    del chain_list[0]
    assert list(chain_list) == [c, b] and [link.name for link in chain_list] == ['0', '1']


def test_update_enabled_while_any_rule_is_enabled():
    model = MLP()
    kusari.optimizers.SGD().setup(model)
    model.l1.disable_update()
    assert model.update_enabled
    model.l2.disable_update()
    assert not model.update_enabled


def test_sequential_follows_chainer():
    seq = kusari.Sequential(F.relu)
    with pytest.raises(IndexError):
        seq.insert(2, F.tanh)
    with pytest.raises(ValueError, match='Sequential'):
        seq + F.tanh
    seq += kusari.Sequential(F.tanh)
    assert len(seq) == 2 and seq[1] is F.tanh
    seq.append(lambda x: x * 2)
    assert 'lambda x: x * 2' in str(seq)
    import pickle
    with pytest.raises(ValueError, match='lambda'):
        pickle.dumps(seq)


def test_init_mode_copies_get_nan_gradients_and_variables_are_not_registered():
    link = L.Linear(2, 3)
    link.cleargrads()
    copied = link.copy(mode='init')
    assert numpy.isnan(copied.W.grad).all()  # initialized again: a fresh NaN gradient
    with link.init_scope():
        link.state = kusari.Variable(numpy.zeros(2, numpy.float32))  # not a Parameter
    assert [name for name, _ in link.namedparams()] == ['/W', '/b']


def test_link_called_on_a_list_says_to_stack_the_examples():
    link = L.Linear(2, 3)
    with pytest.raises(AttributeError, match=r'Linear: input 0 is a list, not an array or '
                                             r'Variable; stack the examples.*numpy\.stack'):
        link([[1., 2.]])

    # An error unrelated to the list passes through unchanged.
    class Fails(kusari.Link):
        def forward(self, xs):
            raise TypeError('unrelated')
    with pytest.raises(TypeError, match='^unrelated$'):
        Fails()([numpy.zeros(2)])


def _nested(value):
    """A Chain holding a ChainList holding a Chain holding a Linear, every weight ``value``."""
    inner = kusari.Chain()
    with inner.init_scope():
        inner.fc = L.Linear(2, 2, initialW=value, initial_bias=value)
    outer = kusari.Chain()
    with outer.init_scope():
        outer.seq = kusari.ChainList(inner)
    return outer


def test_chain_and_chainlist_walk_their_children_alike():
    a, b = _nested(1.0), _nested(2.0)
    assert [path for path, _ in a.namedlinks()] == ['/', '/seq', '/seq/0', '/seq/0/fc']
    assert [path for path, _ in a.namedlinks(skipself=True)] == [
        '/seq', '/seq/0', '/seq/0/fc']
    a.copyparams(b)
    numpy.testing.assert_array_equal(a.seq[0].fc.W.array, 2.0)
    for link in (a, b):
        for param in link.params():
            param.grad = numpy.ones_like(param.array)
    a.addgrads(b)
    numpy.testing.assert_array_equal(a.seq[0].fc.b.grad, 2.0)
    saved = {}
    kusari.serializers.DictionarySerializer(saved).save(a)
    assert sorted(saved) == ['seq/0/fc/W', 'seq/0/fc/b']
    assert repr(a).splitlines()[:3] == ['Chain(', '  (seq): ChainList(', '    (0): Chain(']


def test_chainlist_copyparams_from_a_shorter_list_raises_as_chainer():
    longer = kusari.ChainList(L.Linear(2, 2), L.Linear(2, 2))
    with pytest.raises(IndexError):
        longer.copyparams(kusari.ChainList(L.Linear(2, 2)))
