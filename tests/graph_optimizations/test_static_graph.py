"""static_graph: replays compute what define-by-run computes, bit for bit on CPU."""

import copy
import functools
import io
import pickle

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizers
from kusari import serializers
from kusari.functions.math.exponential import Exp
from kusari.graph_optimizations import static_code
from kusari.graph_optimizations.static_graph import StaticScheduleFunction
from kusari.graph_optimizations.static_graph import static_graph
from kusari.graph_optimizations.static_graph_utilities import static_forward_optimizations
from kusari.testing import check_function


def _pair(make):
    """A static chain and a define-by-run one of the same class body and parameters."""
    body = make()

    class Static(body):
        @static_graph
        def __call__(self, *args):
            return self.body(*args)

    class Dynamic(body):
        def __call__(self, *args):
            return self.body(*args)

    return Static(), Dynamic()


def _assert_same_params(static, dynamic, rtol=0):
    # rtol=0: bitwise (backprop sums gradient terms in an order fixed by the graph:
    # rank, then the order functions are reached, which a replay follows).
    assert_equal = functools.partial(numpy.testing.assert_allclose, rtol=rtol,
                                     atol=rtol * 1e-3)
    for (name, p), (_, q) in zip(sorted(static.namedparams()), sorted(dynamic.namedparams())):
        assert_equal(p.array, q.array, err_msg=name)
        if p.grad is None:
            assert q.grad is None, name
        else:
            assert_equal(p.grad, q.grad, err_msg=name)


def _mlp():
    class MLP(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l1 = L.Linear(None, 7)
                self.l2 = L.Linear(None, 7)
                self.l3 = L.Linear(None, 3)

        def body(self, x):
            return self.l3(F.relu(self.l2(F.tanh(self.l1(x)))))
    return MLP


def _cnn():
    class CNN(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.conv = L.Convolution2D(2, 4, 3, pad=1)
                self.bn = L.BatchNormalization(4)
                self.fc = L.Linear(None, 3)

        def body(self, x):
            h = F.relu(self.bn(self.conv(x)))
            h = F.max_pooling_2d(h, 2)
            return self.fc(F.dropout(h, 0.4))
    return CNN


def _lstm_lm():
    class LM(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.embed = L.EmbedID(11, 6)
                self.lstm = L.LSTM(6, 5)
                self.out = L.Linear(5, 11)

        def body(self, words):
            # unrolled inside the chain, as Chainer's static-graph ptb example does
            self.lstm.reset_state()
            loss = 0
            for t in range(words.shape[1] - 1):
                h = self.lstm(self.embed(words[:, t]))
                loss += F.softmax_cross_entropy(self.out(h), words[:, t + 1])
            return loss
    return LM


def _train(static, dynamic, optimizer_class, batches, loss_of, rtol=0):
    optimizers_ = []
    for chain in (static, dynamic):
        opt = optimizer_class()
        opt.setup(chain)
        optimizers_.append(opt)
    # initialize lazily shaped parameters identically
    with kusari.using_config('train', False), kusari.no_backprop_mode():
        dynamic(*batches[0][:1])
        static(*batches[0][:1])
    dynamic.copyparams(static)
    for step, batch in enumerate(batches):
        for chain, opt in zip((static, dynamic), optimizers_):
            numpy.random.seed(step)  # the same dropout masks for both
            chain.cleargrads()
            loss = loss_of(chain, *batch)
            loss.backward()
            opt.update()
        _assert_same_params(static, dynamic, rtol)
    return optimizers_


def _classification_loss(chain, x, t):
    return F.softmax_cross_entropy(chain(x), t)


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_mlp_training_is_bitwise_define_by_run(optimizer_class):
    static, dynamic = _pair(_mlp)
    rng = numpy.random.RandomState(0)
    batches = [(rng.randn(4, 5).astype(numpy.float32), rng.randint(0, 3, 4).astype(numpy.int32))
               for _ in range(5)]
    _train(static, dynamic, optimizer_class, batches, _classification_loss)
    assert isinstance(static(batches[0][0]).creator, StaticScheduleFunction)


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_cnn_with_batch_normalization_and_dropout(optimizer_class):
    static, dynamic = _pair(_cnn)
    rng = numpy.random.RandomState(1)
    batches = [(rng.randn(3, 2, 6, 6).astype(numpy.float32),
                rng.randint(0, 3, 3).astype(numpy.int32)) for _ in range(4)]
    _train(static, dynamic, optimizer_class, batches, _classification_loss)
    # running statistics follow every call, and test mode uses them
    numpy.testing.assert_array_equal(static.bn.avg_mean, dynamic.bn.avg_mean)
    numpy.testing.assert_array_equal(static.bn.avg_var, dynamic.bn.avg_var)
    with kusari.using_config('train', False):
        for _ in range(2):
            for chain in (static, dynamic):
                chain.cleargrads()
                _classification_loss(chain, *batches[0]).backward()
            _assert_same_params(static, dynamic)
    with kusari.using_config('train', False), kusari.no_backprop_mode():
        numpy.testing.assert_array_equal(static(batches[1][0]).array,
                                         dynamic(batches[1][0]).array)


def test_dropout_draws_a_new_mask_per_call():
    static, _ = _pair(_cnn)
    x = numpy.ones((2, 2, 6, 6), dtype=numpy.float32)
    outputs = [static(x).array for _ in range(3)]
    assert not numpy.array_equal(outputs[1], outputs[2])


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_lstm_language_model(optimizer_class):
    static, dynamic = _pair(_lstm_lm)
    rng = numpy.random.RandomState(2)
    batches = [(kusari.Variable(rng.randint(0, 11, (3, 5)).astype(numpy.int32)),)
               for _ in range(4)]
    _train(static, dynamic, optimizer_class, batches, lambda chain, words: chain(words))


def test_array_arguments_are_seen_as_variables():
    class Slicing(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return F.tanh(x[:, 0] * 2)  # traced: x is a Variable here, as in Chainer

    chain = Slicing()
    for value in (1.0, 2.0, 3.0):
        x = numpy.full((2, 2), value, dtype=numpy.float32)
        numpy.testing.assert_array_equal(chain(x).array, numpy.tanh(x[:, 0] * 2))


def test_views_of_arguments_taken_by_numpy_are_refused():
    class Slicing(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return F.tanh(x.array[:, 0])  # NumPy indexing: invisible to the trace

    with pytest.raises(RuntimeError, match='view'):
        Slicing()(numpy.ones((2, 2), dtype=numpy.float32))


def test_state_passed_between_calls_backpropagates_through_both():
    class Cell(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.upward = L.Linear(3, 8)
                self.lateral = L.Linear(2, 8, nobias=True)

        def body(self, c, h, x):
            return F.lstm(c, self.upward(x) + self.lateral(h))

    static, dynamic = _pair(lambda: Cell)
    dynamic.copyparams(static)
    xs = numpy.random.RandomState(3).randn(4, 1, 3).astype(numpy.float32)
    for _ in range(2):
        losses = []
        for chain in (static, dynamic):
            chain.cleargrads()
            c = h = kusari.Variable(numpy.zeros((1, 2), dtype=numpy.float32))
            for x in xs:
                c, h = chain(c, h, x)
            F.sum(h * h).backward()
            losses.append(h.array)
        numpy.testing.assert_array_equal(*losses)
        # upward(x) has rank 0 in every step: equal ranks, summed in the order reached
        _assert_same_params(static, dynamic)


def test_input_gradient_and_double_backprop():
    static, dynamic = _pair(_mlp)
    x = numpy.random.RandomState(4).randn(2, 5).astype(numpy.float32)
    dynamic(x)
    static(x)
    dynamic.copyparams(static)
    for _ in range(2):
        grads = []
        for chain in (static, dynamic):
            chain.cleargrads()
            xv = kusari.Variable(x)
            y = chain(xv)
            gx, = kusari.grad([F.sum(y * y)], [xv], enable_double_backprop=True)
            F.sum(gx * gx).backward()
            grads.append(gx.array)
        numpy.testing.assert_array_equal(*grads)
        # the replay's node sums a parameter's first-order terms before the terms of the
        # second pass meet them
        _assert_same_params(static, dynamic, rtol=1e-5)


def test_parameters_replaced_copied_and_loaded_are_used():
    static, dynamic = _pair(_mlp)
    x = numpy.random.RandomState(5).randn(2, 5).astype(numpy.float32)
    static(x)
    static(x)
    dynamic(x)
    static.l1.W.array = static.l1.W.array * 2  # a new array
    static.l2.W.array[...] = 0.5                # in place
    dynamic.copyparams(static)
    numpy.testing.assert_array_equal(static(x).array, dynamic(x).array)
    other, _ = _pair(_mlp)
    other(x)
    buffer = io.BytesIO()
    serializers.save_npz(buffer, other)
    buffer.seek(0)
    serializers.load_npz(buffer, static)
    dynamic.copyparams(other)
    numpy.testing.assert_array_equal(static(x).array, dynamic(x).array)


def test_copies_trace_their_own_schedule():
    static, _ = _pair(_mlp)
    x = numpy.ones((2, 5), dtype=numpy.float32)
    static(x)
    static(x)
    twin = copy.deepcopy(static)
    twin.l1.W.array[...] = 0
    assert not numpy.array_equal(twin(x).array, static(x).array)
    assert twin.schedule_manager is not static.schedule_manager


class PicklableTanh(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(5, 3)

    @static_graph
    def __call__(self, x):
        return F.tanh(self.l1(x))


def test_pickled_chains_trace_their_own_schedule():
    chain = PicklableTanh()
    x = numpy.ones((2, 5), dtype=numpy.float32)
    for _ in range(3):
        chain(x)
    twin = pickle.loads(pickle.dumps(chain))
    assert twin.static_schedule is None
    twin.l1.W.array[...] = 0
    numpy.testing.assert_array_equal(twin(x).array, numpy.tanh(twin.l1.b.array) + 0 * x[:, :3])
    assert twin.schedule_manager is not chain.schedule_manager


def test_each_kind_of_call_has_its_schedule():
    static, dynamic = _pair(_mlp)
    x = numpy.ones((2, 5), dtype=numpy.float32)
    static(x)
    dynamic(x)
    dynamic.copyparams(static)
    for shape in ((2, 5), (3, 5), (2, 5)):
        for train in (True, False):
            with kusari.using_config('train', train):
                x = numpy.random.rand(*shape).astype(numpy.float32)
                numpy.testing.assert_array_equal(static(x).array, dynamic(x).array)
    assert len(static.schedule_manager.schedules) == 4


def test_use_static_graph_false_runs_define_by_run():
    static, _ = _pair(_mlp)
    x = numpy.ones((2, 5), dtype=numpy.float32)
    with kusari.using_config('use_static_graph', False):
        static(x)
        y = static(x)
    assert not hasattr(static, 'schedule_manager')
    assert not isinstance(y.creator, StaticScheduleFunction)


def test_static_code_runs_on_every_call():
    calls = []

    @static_code
    def count(value):
        calls.append(value.copy())

    class Counting(kusari.Chain):
        @static_graph(verbosity_level=0)
        def __call__(self, x):
            y = F.tanh(x)
            count(y.array)
            return y

    chain = Counting()
    for value in (0.0, 1.0, 2.0):
        chain(numpy.full((2,), value, dtype=numpy.float32))
    assert len(calls) == 3
    numpy.testing.assert_array_equal(calls[2], numpy.tanh(numpy.full((2,), 2.0, 'f')))


def test_nested_static_chains_are_refused():
    class Inner(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return F.tanh(x)

    class Outer(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.inner = Inner()

        @static_graph
        def __call__(self, x):
            return self.inner(x)

    with pytest.raises(RuntimeError, match='nested'):
        Outer()(numpy.ones(2, dtype=numpy.float32))


def test_variable_from_outside_that_is_no_argument_is_refused():
    class Stateful(kusari.Chain):
        def __init__(self):
            super().__init__()
            self.state = kusari.Variable(numpy.ones(2, dtype=numpy.float32)) * 2

        @static_graph
        def __call__(self, x):
            return x + self.state

    with pytest.raises(RuntimeError, match='not one of its arguments'):
        Stateful()(numpy.ones(2, dtype=numpy.float32))


def test_a_chain_whose_functions_depend_on_the_data_is_refused():
    class DataDependent(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return F.relu(x) if float(x.array.sum()) > 0 else F.sigmoid(x)

    chain = DataDependent()
    chain(numpy.ones(2, dtype=numpy.float32))
    with pytest.raises(RuntimeError, match='not static.*ReLU.*Sigmoid'):
        chain(-numpy.ones(2, dtype=numpy.float32))


def test_side_effects_without_static_code_run_while_tracing_only():
    class Counting(kusari.Chain):
        calls = 0

        @static_graph
        def __call__(self, x):
            self.calls += 1
            return F.tanh(x)

    chain = Counting()
    for _ in range(4):
        chain(numpy.ones(2, dtype=numpy.float32))
    assert chain.calls == 2  # the trace and the second call, which checks the trace


def test_static_forward_optimizations_records_a_bare_forward():
    class Bare(kusari.Chain):
        @static_graph
        def __call__(self, x):
            y, = static_forward_optimizations(Exp(), (x.array,))  # on arrays, no graph
            return F.tanh(y)

    chain = Bare()
    for value in (0.0, 0.5, 1.0, 1.5):
        x = numpy.full((2,), value, dtype=numpy.float32)
        numpy.testing.assert_array_equal(chain(x).array, numpy.tanh(numpy.exp(x)))
    y, = static_forward_optimizations(Exp(), (x,))  # outside a trace: a plain forward
    numpy.testing.assert_array_equal(y, numpy.exp(x))


def test_keyword_and_nested_arguments_and_results():
    class Nested(kusari.Chain):
        @static_graph
        def __call__(self, pair, scale=1.0, extra=None):
            a, b = pair
            return {'sum': a * scale + b, 'parts': [F.tanh(a), extra]}

    chain = Nested()
    for value in (1.0, 2.0, 3.0):
        a = numpy.full((2,), value, dtype=numpy.float32)
        b = kusari.Variable(numpy.ones(2, dtype=numpy.float32))
        result = chain((a, b), scale=2.0, extra='tag')
        numpy.testing.assert_array_equal(result['sum'].array, a * 2 + 1)
        numpy.testing.assert_array_equal(result['parts'][0].array, numpy.tanh(a))
        assert result['parts'][1] == 'tag'
    result['sum'].grad = numpy.ones(2, dtype=numpy.float32)
    result['sum'].backward()
    numpy.testing.assert_array_equal(b.grad, numpy.ones(2))
    chain((a, b), scale=3.0, extra='tag')  # another constant: another schedule
    assert len(chain.schedule_manager.schedules) == 2


def test_minimize_cache_size_and_end_forward():
    class Small(kusari.Chain):
        @static_graph(minimize_cache_size=True, verbosity_level=1)
        def __call__(self, x):
            return F.tanh(x)

    chain = Small()
    x = numpy.ones(2, dtype=numpy.float32)
    chain(x)
    with kusari.using_config('train', False):
        chain(x)
    assert len(chain.schedule_manager.schedules) == 1
    chain.schedule_manager.end_forward()
    assert 'Small.__call__' in repr(chain.schedule_manager)


def test_gradients_and_double_backprop_of_replays():
    class Smooth(kusari.Chain):
        @static_graph
        def __call__(self, x, w):
            return F.tanh(F.matmul(x, w)) * F.sigmoid(x[:, :1])

    chain = Smooth()
    rng = numpy.random.RandomState(6)
    inputs = (rng.randn(3, 4), rng.randn(4, 2))

    def reference(x, w):
        return (numpy.tanh(x @ w) / (1 + numpy.exp(-x[:, :1]))).astype(x.dtype)

    # check_function calls the chain many times per dtype: the gradient checks run on
    # replays
    check_function(chain, inputs, reference,
                   forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})
    assert chain.static_schedule.verified


def test_decorator_arguments_are_checked():
    with pytest.raises(TypeError, match='verbose'):
        static_graph(verbose=1)
    assert kusari.static_graph is static_graph
    assert kusari.static_code is static_code


def test_replays_call_the_array_kernels_of_small_functions():
    static, _ = _pair(_mlp)
    x = numpy.random.RandomState(3).randn(4, 5).astype(numpy.float32)
    for _ in range(3):
        y = static(x)
    steps = static.static_schedule.steps  # linear, tanh, linear, relu, linear
    assert len(steps) == 5 and all(step.kernel is not None for step in steps)
    assert steps[1].gradient_kernel is not None  # tanh's backward too
    with kusari.no_backprop_mode():
        numpy.testing.assert_array_equal(static(x).array, y.array)


class _HalfThenDouble(kusari.FunctionNode):
    """Forward in float32, with a replay kernel that would give float64."""

    def forward(self, inputs):
        return inputs[0] * 2,

    def replay_kernel(self, inputs):
        return lambda x: x.astype(numpy.float64) * 2

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,


def test_a_kernel_that_gives_another_dtype_is_not_used():
    class Chain(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return _HalfThenDouble().apply((x,))[0]

    chain = Chain()
    x = numpy.ones((2,), dtype=numpy.float32)
    results = [chain(x).array for _ in range(3)]
    assert chain.static_schedule.steps[0].kernel is None
    assert all(r.dtype == numpy.float32 for r in results)


def test_a_kernel_gives_an_array_for_a_0d_input():
    class Chain(kusari.Chain):
        @static_graph
        def __call__(self, x):
            return F.exp(F.tanh(x))

    chain = Chain()
    x = numpy.array(0.5, dtype=numpy.float32)
    results = [chain(x).array for _ in range(3)]
    assert all(step.kernel is not None for step in chain.static_schedule.steps)
    assert all(type(r) is numpy.ndarray and r.shape == () for r in results)
    numpy.testing.assert_array_equal(results[2], numpy.exp(numpy.tanh(x)))


def test_gradient_kernels_give_the_gradients_of_define_by_run():
    def make():
        class Elementwise(kusari.Chain):
            def body(self, x):
                return F.sigmoid(F.tanh(F.sigmoid(x)) * x)
        return Elementwise

    static, dynamic = _pair(make)
    x = numpy.random.RandomState(4).randn(3, 4).astype(numpy.float32)
    for _ in range(3):
        grads = []
        for chain in (static, dynamic):
            v = kusari.Variable(x)
            y = chain(v)
            y.grad = numpy.ones_like(y.array)
            y.backward()
            grads.append(v.grad)
        numpy.testing.assert_array_equal(*grads)
    assert [step.gradient_kernel is not None for step in static.static_schedule.steps] == [
        True, True, False, True]  # sigmoid, tanh, mul (two inputs), sigmoid
