"""capture_step: captured training steps are define-by-run's, bit for bit."""

import io
import warnings

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizer_hooks, optimizers, serializers
from kusari.optimizer import Hyperparameter
from kusari.graph_optimizations import CaptureWarning, capture_step
from kusari.graph_optimizations.capture import _Replay


def _mlp():
    return L.Classifier(kusari.Sequential(L.Linear(12, 9), F.relu, L.Linear(9, 9), F.relu,
                                          L.Linear(9, 4)))


class _CNN(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(2, 4, 3, pad=1)
            self.bn = L.BatchNormalization(4)
            self.fc = L.Linear(None, 3)

    def forward(self, x):
        h = F.max_pooling_2d(F.relu(self.bn(self.conv(x))), 2)
        return self.fc(F.dropout(h, 0.4))


class _LM(kusari.Chain):
    """An LSTM language model unrolled over the sentence; the loss summed over steps."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(11, 6)
            self.lstm = L.LSTM(6, 5)
            self.out = L.Linear(5, 11)

    def forward(self, words):
        self.lstm.reset_state()
        loss = 0
        for t in range(words.shape[1] - 1):
            h = self.lstm(self.embed(words[:, t]))
            loss += F.softmax_cross_entropy(self.out(h), words[:, t + 1])
        kusari.report({'loss': loss}, self)
        return loss


def _pair(make, optimizer_class, **hyperparams):
    """Two models of equal parameters with their optimizers: (captured, define-by-run)."""
    models = [make(), make()]
    if all(param.array is not None for param in models[0].params()):
        models[1].copyparams(models[0])
    pairs = []
    for model in models:
        opt = optimizer_class(**hyperparams)
        opt.setup(model)
        pairs.append((model, opt))
    return pairs


def _initialize(models, batch):
    """Shape lazily initialized parameters, then give both models the same values."""
    with kusari.using_config('train', False), kusari.no_backprop_mode():
        for model in models:
            model(*batch)
    models[1].copyparams(models[0])


def _step(run, model, batch, seed):
    """One step under a reporter; what was reported (as arrays)."""
    reporter = kusari.Reporter()
    reporter.add_observer('main', model)
    observation = {}
    numpy.random.seed(seed)  # the same dropout masks for both
    with reporter.scope(observation):
        run(*batch)
    return {key: numpy.asarray(getattr(value, 'array', value))
            for key, value in observation.items()}


def _assert_same_state(captured, dynamic):
    (model, opt), (model2, opt2) = captured, dynamic
    assert opt.t == opt2.t
    for (name, p), (name2, q) in zip(model.namedparams(), model2.namedparams()):
        assert name == name2
        numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)
        numpy.testing.assert_array_equal(p.grad, q.grad, err_msg=name)
        assert p.update_rule.t == q.update_rule.t
        state, state2 = p.update_rule.state, q.update_rule.state
        assert sorted(state) == sorted(state2)
        for key in state:
            numpy.testing.assert_array_equal(state[key], state2[key], err_msg=name + key)
    saved, saved2 = {}, {}  # parameters and persistent values (running statistics)
    serializers.DictionarySerializer(saved).save(model)
    serializers.DictionarySerializer(saved2).save(model2)
    assert sorted(saved) == sorted(saved2)
    for key in saved:
        numpy.testing.assert_array_equal(saved[key], saved2[key], err_msg=key)


def _train(pairs, batches, seed=0, step=None):
    """Steps of both: the first through ``step`` (a new capture_step by default);
    asserts equal reports and returns the captured step."""
    (model, opt), (model2, opt2) = pairs
    step = step or capture_step(opt, model)
    for number, batch in enumerate(batches):
        reported = _step(step, model, batch, seed + number)
        reported2 = _step(lambda *args: opt2.update(model2, *args), model2, batch, seed + number)
        assert sorted(reported) == sorted(reported2)
        for key in reported:
            numpy.testing.assert_array_equal(reported[key], reported2[key], err_msg=key)
    _assert_same_state(*pairs)
    return step


def _classification_batches(n, shape, classes, batch=4, seed=0):
    rng = numpy.random.RandomState(seed)
    return [(rng.randn(batch, *shape).astype(numpy.float32),
             rng.randint(0, classes, batch).astype(numpy.int32)) for _ in range(n)]


def _replays(step):
    return [entry for entry in step.schedules.values() if isinstance(entry, _Replay)]


def _batches_of_2x3(n):
    return [(numpy.random.RandomState(number).randn(2, 3).astype(numpy.float32),)
            for number in range(n)]


def _train_define_by_run(make, batches, reason):
    """Trains ``make()``'s model with SGD through a capture_step that must run every step
    define-by-run after exactly one CaptureWarning matching ``reason``; returns it."""
    pairs = _pair(make, optimizers.SGD)
    with pytest.warns(CaptureWarning, match=reason) as record:
        step = _train(pairs, batches)
    assert len(record) == 1
    assert not _replays(step)
    return record[0]


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_mlp_100_steps_are_bitwise_define_by_run(optimizer_class):
    pairs = _pair(_mlp, optimizer_class)
    step = _train(pairs, _classification_batches(100, (12,), 4))
    assert len(_replays(step)) == 1
    loss = step(*_classification_batches(1, (12,), 4)[0])
    assert isinstance(loss, kusari.Variable) and loss.creator is None


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_cnn_with_batch_normalization_and_dropout_train_and_test(optimizer_class):
    pairs = _pair(lambda: L.Classifier(_CNN()), optimizer_class)
    batches = _classification_batches(100, (2, 6, 6), 3, batch=3, seed=1)
    _initialize([model for model, _ in pairs], batches[0])
    step = _train(pairs, batches)
    with kusari.using_config('train', False):
        _train(pairs, batches[:5], seed=100, step=step)
    assert len(_replays(step)) == 2  # one per config.train
    _assert_backward_on_arrays(step)


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_lstm_language_model(optimizer_class):
    pairs = _pair(_LM, optimizer_class)
    rng = numpy.random.RandomState(2)
    batches = [(rng.randint(0, 11, (3, 5)).astype(numpy.int32),) for _ in range(100)]
    step = _train(pairs, batches)
    assert len(_replays(step)) == 1
    _assert_backward_on_arrays(step)


def _assert_backward_on_arrays(step):
    # every function on the way to the loss has an array form: the replays' backward
    # runs on arrays, not as backprop over a graph
    assert all([replay.on_arrays is not None for replay in _replays(step)])


def test_a_resumed_snapshot_continues_bitwise():
    pairs = _pair(_mlp, optimizers.Adam)
    batches = _classification_batches(40, (12,), 4)
    _train(pairs, batches[:20])
    files = []
    for model, opt in pairs:
        for obj in (model, opt):
            files.append(io.BytesIO())
            serializers.save_npz(files[-1], obj)
    resumed = _pair(_mlp, optimizers.Adam)
    for (model, opt), index in zip(resumed, (0, 2)):
        model(*batches[0])  # the optimizer's state is loaded into initialized rules
        for obj, data in zip((model, opt), files[index:index + 2]):
            data.seek(0)
            serializers.load_npz(data, obj)
    _train([resumed[0], pairs[1]], batches[20:])


def test_new_shapes_dtypes_and_train_modes_are_captured_again():
    pairs = _pair(_mlp, optimizers.SGD)
    step = _train(pairs, _classification_batches(3, (12,), 4))
    _train(pairs, _classification_batches(3, (12,), 4, batch=5), step=step)
    with kusari.using_config('train', False):
        _train(pairs, _classification_batches(3, (12,), 4), step=step)
    assert len(_replays(step)) == 3


def test_hyperparameters_and_hooks_changed_between_steps_act_at_once():
    pairs = _pair(_mlp, optimizers.Adam)
    batches = _classification_batches(12, (12,), 4)
    step = _train(pairs, batches[:3])
    for _, opt in pairs:
        opt.alpha = 0.01
    _train(pairs, batches[3:6], step=step)
    for _, opt in pairs:
        opt.add_hook(optimizer_hooks.WeightDecay(1e-3))
    _train(pairs, batches[6:9], step=step)
    for model, _ in pairs:
        model.predictor[0].W.update_rule.add_hook(optimizer_hooks.GradientHardClipping(-.1, .1))
        model.predictor[2].b.update_rule.enabled = False
    _train(pairs, batches[9:], step=step)


def test_hyperparameters_of_one_rule_and_a_rule_of_two_parameters():
    # the replay lends each rule its hyperparameters resolved for the step: a rule's own
    # value wins over the optimizer's, and every rule gets its own hyperparameters back
    pairs = _pair(_mlp, optimizers.Adam)
    batches = _classification_batches(6, (12,), 4)
    step = _train(pairs, batches[:3])
    for model, opt in pairs:
        model.predictor[0].W.update_rule.hyperparam.alpha = 0.02
        model.predictor[2].b.update_rule.hyperparam.beta1 = 0.5
        opt.eps = 1e-6
    _train(pairs, batches[3:], step=step)
    for model, opt in pairs:
        assert model.predictor[0].W.update_rule.hyperparam.parent is opt.hyperparam
        assert model.predictor[0].W.update_rule.hyperparam.alpha == 0.02
        assert model.predictor[0].b.update_rule.hyperparam.eps == 1e-6
    pairs = _pair(_mlp, optimizers.SGD, lr=0.1)
    for model, _ in pairs:  # one rule for both parameters of the last layer
        last = model.predictor[4]
        last.b.update_rule = last.W.update_rule
    step = _train(pairs, batches)
    (model, opt), _ = pairs
    assert model.predictor[4].b.update_rule.hyperparam.parent is opt.hyperparam


class _FailingSGDRule(optimizers.sgd.SGDRule):
    fail = False

    def update_core_cpu(self, param):
        if self.fail:
            raise RuntimeError('update failed')
        super().update_core_cpu(param)


def test_rules_get_their_hyperparameters_back_when_an_update_fails():
    (model, opt), _ = _pair(_mlp, optimizers.SGD)
    failing = model.predictor[2].W.update_rule = _FailingSGDRule(opt.hyperparam)
    own = [param.update_rule.hyperparam for param in model.params()]
    assert all([hyperparam.parent is opt.hyperparam for hyperparam in own])
    step = capture_step(opt, model)
    batches = _classification_batches(4, (12,), 4)
    for batch in batches[:3]:
        step(*batch)
    assert len(_replays(step)) == 1
    failing.fail = True
    with pytest.raises(RuntimeError, match='update failed'):
        step(*batches[3])
    assert all([param.update_rule.hyperparam is hyperparam
                for param, hyperparam in zip(model.params(), own)])


def test_an_update_that_fails_leaves_the_state_define_by_run_leaves():
    # the rules before the failing one have updated, the optimizer and the failing rule
    # have counted the step, the gradients stay
    pairs = _pair(_mlp, optimizers.SGD)
    for model, opt in pairs:
        model.predictor[2].W.update_rule = _FailingSGDRule(opt.hyperparam)
    batches = _classification_batches(4, (12,), 4)
    step = _train(pairs, batches[:3])
    assert len(_replays(step)) == 1
    (model, _), (model2, opt2) = pairs
    for run, failing_model in [(step, model), (lambda *batch: opt2.update(model2, *batch), model2)]:
        failing_model.predictor[2].W.update_rule.fail = True
        with pytest.raises(RuntimeError, match='update failed'):
            run(*batches[3])
    _assert_same_state(*pairs)


def test_a_rule_given_other_hyperparameters_between_steps():
    pairs = _pair(_mlp, optimizers.SGD, lr=0.1)
    batches = _classification_batches(9, (12,), 4)
    step = _train(pairs, batches[:3])
    for model, opt in pairs:  # a Hyperparameter of its own, then a plain one again
        model.predictor[0].W.update_rule.hyperparam = Hyperparameter(opt.hyperparam)
        model.predictor[0].W.update_rule.hyperparam.lr = 0.5
    _train(pairs, batches[3:6], step=step)
    for model, opt in pairs:
        model.predictor[0].W.update_rule.hyperparam = Hyperparameter(opt.hyperparam)
        opt.lr = 0.05
    _train(pairs, batches[6:], step=step)


class _SharedGradients(kusari.Chain):
    """Parameters that add's backward gives one gradient array."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.linear = L.Linear(12, 4)
            self.a = kusari.Parameter(numpy.zeros((4, 4), numpy.float32))
            self.b = kusari.Parameter(numpy.ones((4, 4), numpy.float32))

    def forward(self, x, t):
        return F.softmax_cross_entropy(self.linear(x) + self.a + self.b, t)


def test_each_parameter_owns_its_gradient():
    pairs = _pair(_SharedGradients, optimizers.SGD)
    step = _train(pairs, _classification_batches(5, (12,), 4))
    assert len(_replays(step)) == 1
    for model, _ in pairs:
        gradients = [param.grad for param in model.params()]
        assert not any([numpy.shares_memory(g, h) for i, g in enumerate(gradients)
                        for h in gradients[i + 1:]])
        assert all([g.base is None and g.flags.writeable for g in gradients])


class _Branching(kusari.Chain):
    def __init__(self, read):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 2)
        self.read = read

    def forward(self, x):
        h = self.l1(x)
        if self.read(F.sum(h), kusari.as_variable(x)):  # a branch on the data
            h = F.tanh(h)
        return F.sum(h * h)


_READS = {  # how a loss function may read the values of an array on the host
    'float': (lambda s, x: float(s.array) > 0, r'float\(\) of an array'),
    'bool': (lambda s, x: s.array > 0, r'bool\(\) of an array'),
    'item': (lambda s, x: s.array.item() > 0, r'ndarray\.item\(\)'),
    'Variable.item': (lambda s, x: s.item() > 0, r'Variable\.item\(\)'),
    'tolist': (lambda s, x: s.array.reshape(1).tolist()[0] > 0, 'tolist'),
    'element': (lambda s, x: x.array.sum(axis=1)[0] > 0, r'an element of an array'),
    'iteration': (lambda s, x: sum(x.array.sum(axis=1)) > 0, 'iterating'),
    'int sizing': (lambda s, x: len(range(int(x.array.max() > 0) + 1)) > 1, r'int\(\)'),
    'numpy.where': (lambda s, x: numpy.where(x.array.sum(axis=1) > 0)[0].size == 2,
                    'the size of an array sized by values'),
    'mask': (lambda s, x: len(x.array[x.array > 0]) > 3, r'len\(\) of an array sized'),
    'numpy.allclose': (lambda s, x: not numpy.allclose(x.array, -x.array),
                       'numpy.allclose'),
}


@pytest.mark.parametrize('read', sorted(_READS))
def test_a_branch_on_a_value_read_on_the_host_runs_define_by_run(read):
    # the two traced steps take the same way; a later one the other
    read, reason = _READS[read]
    rng = numpy.random.RandomState(3)
    batches = [(numpy.abs(rng.randn(2, 3)).astype(numpy.float32) * sign,)
               for sign in (1, 1, -1, 1, -1, -1)]
    warning = _train_define_by_run(lambda: _Branching(read), batches, reason)
    assert 'test_capture.py' in str(warning.message)


class _Linear3To2(kusari.Chain):
    """A model of one Linear(3, 2), whose subclasses' forwards use the step's values."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 2)


class _Alternating(_Linear3To2):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        h = self.l1(x)
        return F.sum(F.tanh(h) if self.calls % 2 else h * h)


def test_a_step_whose_functions_change_from_call_to_call_runs_define_by_run():
    pairs = _pair(_Alternating, optimizers.SGD)
    pairs[1][0].calls = 0
    with pytest.warns(CaptureWarning, match='applied different functions') as record:
        step = _train(pairs, _batches_of_2x3(5))
    assert len(record) == 1
    assert not _replays(step)


class _Square(kusari.FunctionNode):
    """x * x with a graph form alone (no backward_arrays)."""

    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        return inputs[0] * inputs[0],

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] * (2 * x),


class _SumOfSquares(_Linear3To2):
    def forward(self, x):
        h, = _Square().apply((self.l1(x),))
        return F.sum(h)


def test_a_function_without_array_form_takes_the_graph_into_the_replay():
    # _Square has no backward_arrays: the replay's backward runs over a graph of copies
    step = _train(_pair(_SumOfSquares, optimizers.SGD), _batches_of_2x3(6))
    replay, = _replays(step)
    assert replay.on_arrays is None


class _ReportsAnArray(_Linear3To2):
    def forward(self, x):
        loss = F.sum(self.l1(x))
        kusari.report({'loss': loss.array}, self)
        return loss


def test_a_value_reported_that_is_no_variable_runs_define_by_run():
    _train_define_by_run(_ReportsAnArray, _batches_of_2x3(4), 'not a Variable')


class _OutsideState(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 3)
        self.state = None

    def forward(self, x):
        h = self.l1(x) if self.state is None else self.l1(x) + self.state
        self.state = h
        return F.sum(h * h)


def test_a_variable_from_an_earlier_step_runs_define_by_run():
    pairs = _pair(_OutsideState, optimizers.SGD)
    model, opt = pairs[0]
    step = capture_step(opt, model)
    with pytest.warns(CaptureWarning):
        for batch in _batches_of_2x3(4):
            step(*batch)
            model.state.unchain_backward()
    assert not _replays(step)


def test_function_hooks_run_define_by_run_with_one_warning():
    pairs = _pair(_mlp, optimizers.SGD)
    with kusari.function_hooks.TimerHook():
        with pytest.warns(CaptureWarning, match='function hooks') as record:
            step = _train(pairs, _classification_batches(4, (12,), 4))
    assert len(record) == 1
    assert not _replays(step)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        _train(pairs, _classification_batches(4, (12,), 4), step=step)
    assert _replays(step)


def test_decorator_form():
    (model, opt), (model2, opt2) = _pair(_mlp, optimizers.SGD)

    @capture_step(opt)
    def train_step(x, t):
        return model(x, t)

    for x, t in _classification_batches(5, (12,), 4):
        loss = train_step(x, t)
        opt2.update(model2, x, t)
        numpy.testing.assert_array_equal(loss.array, model2.loss.array)
    _assert_same_state((model, opt), (model2, opt2))


def test_verbosity_reports_each_capture_with_its_arrays(capsys):
    (model, opt), _ = _pair(_mlp, optimizers.SGD)
    step = capture_step(opt, model, verbosity_level=1)
    for x, t in _classification_batches(3, (12,), 4):
        step(x, t)
    out = capsys.readouterr().out
    assert out.count('capture_step: captured') == 1
    assert '(4, 12)' in out and 'float32' in out and 'train=True' in out


def test_standard_updater_capture_option(tmp_path):
    pairs = _pair(_mlp, optimizers.Adam)
    rng = numpy.random.RandomState(4)
    dataset = kusari.datasets.TupleDataset(rng.randn(40, 12).astype(numpy.float32),
                                           rng.randint(0, 4, 40).astype(numpy.int32))
    observations = []

    def record(trainer):
        observations[-1].append(trainer.observation['main/loss'].array.copy())

    for (_, opt), capture in zip(pairs, (True, False)):
        iterator = kusari.iterators.SerialIterator(dataset, 8, shuffle=False)
        updater = kusari.training.updaters.StandardUpdater(iterator, opt, capture=capture)
        trainer = kusari.training.Trainer(updater, (3, 'epoch'), out=str(tmp_path))
        observations.append([])
        trainer.extend(record, trigger=(1, 'iteration'))
        trainer.run()
    numpy.testing.assert_array_equal(observations[0], observations[1])
    _assert_same_state(*pairs)


class _StaticMLP(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(12, 5)
            self.l2 = L.Linear(5, 4)

    @kusari.static_graph
    def forward(self, x):
        return self.l2(F.tanh(self.l1(x)))


def test_a_static_chain_inside_the_step_is_captured_with_it():
    pairs = _pair(lambda: L.Classifier(_StaticMLP()), optimizers.Adam)
    step = _train(pairs, _classification_batches(6, (12,), 4))
    assert len(_replays(step)) == 1


def test_keyword_arguments():
    (model, opt), (model2, opt2) = _pair(_mlp, optimizers.SGD)
    step = capture_step(opt, lambda x, t: F.softmax_cross_entropy(model.predictor(x), t))
    for x, t in _classification_batches(5, (12,), 4):
        loss = step(x, t=t)
        loss2 = F.softmax_cross_entropy(model2.predictor(x), t)
        model2.cleargrads()
        loss2.backward()
        opt2.update()
        numpy.testing.assert_array_equal(loss.array, loss2.array)
    _assert_same_state((model, opt), (model2, opt2))
    assert len(_replays(step)) == 1


class _CountingSGD(optimizers.SGD):
    """An optimizer whose update does more than its rules: the capture must call it."""

    updates = 0

    def update(self, lossfun=None, *args, **kwds):
        self.updates += 1
        super().update(lossfun, *args, **kwds)


def test_an_optimizer_with_an_update_of_its_own_is_called_on_every_step():
    pairs = _pair(_mlp, _CountingSGD)
    _train(pairs, _classification_batches(5, (12,), 4))
    assert pairs[0][1].updates == pairs[1][1].updates == 5


class _UsesArrays(kusari.Chain):
    """Reads arrays without their values: shapes, dtypes, labels given as arrays."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 4)

    def forward(self, x, t):
        x, t = kusari.as_variable(x), kusari.as_variable(t)
        assert x.array.shape == (len(x.array), 3) and x.array.dtype == numpy.float32
        spread = numpy.tanh(x.array).std(axis=0)  # NumPy on values, never read: no host read
        spread *= 2  # a temporary of the step's code, not an array of the step
        y = self.l1(x.array)  # an argument's array: no graph to cut
        loss = F.softmax_cross_entropy(y, t.array)
        kusari.report({'loss': loss, 'accuracy': F.accuracy(y, t)}, self)
        return loss


def test_arrays_read_without_their_values_are_captured_and_kept_plain():
    pairs = _pair(_UsesArrays, optimizers.Adam)
    reports = []
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        step = _train(pairs, _classification_batches(6, (3,), 4))
        model, opt = pairs[0]
        for x, t in _classification_batches(2, (3,), 4, batch=5, seed=1):
            observation = {}
            reporter = kusari.Reporter()
            reporter.add_observer('main', model)
            with reporter.scope(observation):
                step(x, t)  # traced steps of a new kind
            reports.extend(observation.values())
    assert len(_replays(step)) == 2  # the second kind traced twice, then captured
    for param in model.params():  # nothing watched is kept after the trace
        arrays = [param.array, param.grad] + list(param.update_rule.state.values())
        assert all([type(array) is numpy.ndarray for array in arrays])
    assert all([type(value.array) is numpy.ndarray for value in reports])
    assert kusari.Variable.array.fget.__module__ == 'kusari.core'  # put back


class _HasAnUnusedLink(_Linear3To2):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.unused = L.Linear(3, 2)

    def forward(self, x):
        return F.sum(self.l1(x) ** 2)


@pytest.mark.parametrize('optimizer_class', [optimizers.SGD, optimizers.Adam])
def test_a_parameter_without_gradient_is_updated_as_define_by_run(optimizer_class):
    # the replay leaves the unused link without gradient; optimizer.update() then runs,
    # as define-by-run: it gives it zeros (Chainer's reallocate_cleared_grads) and every
    # rule counts the step
    pairs = _pair(_HasAnUnusedLink, optimizer_class)
    step = _train(pairs, _batches_of_2x3(6))
    assert len(_replays(step)) == 1
    unused = pairs[0][0].unused.W
    assert not unused.grad.any() and unused.update_rule.t == 6


class _Detaches(kusari.Chain):
    """Cuts the graph with ``h.array``: no gradient reaches ``l1`` through it."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 3)
            self.l2 = L.Linear(3, 2)

    def forward(self, x):
        h = self.l1(x)
        return F.sum(self.l2(h.array) * self.l2(h))


class _ComputesOnTheHost(_Linear3To2):
    def forward(self, x):
        h = self.l1(x)
        return F.sum(h * (h.array > 0).astype(numpy.float32))


class _WritesIntoAValue(_Linear3To2):
    def forward(self, x):
        h = F.tanh(self.l1(x))
        h.array *= 2  # kusari.functions would record it; this is not replayed
        return F.sum(h * h)


class _WritesIntoABuffer(_Linear3To2):
    def forward(self, x):
        h = F.tanh(self.l1(x))
        buffer = numpy.empty(h.shape, numpy.float32)
        numpy.multiply(h.array, 2, out=buffer)  # the step's values into another array
        return F.sum(h * buffer)


class _CopiesOutOfTheWatch(_Linear3To2):
    def forward(self, x):
        h = F.tanh(self.l1(x))
        mask = numpy.array(h.array) > 0  # a copy, not watched: its values are not seen
        return F.sum(h * mask.astype(numpy.float32))


class _AddsNoise(_Linear3To2):
    def forward(self, x):
        h = F.tanh(self.l1(x))
        return F.sum(h + numpy.random.uniform(size=h.shape).astype(numpy.float32))


@pytest.mark.parametrize('make, reason', [
    (_Detaches, 'cutting the graph'),
    (_CopiesOutOfTheWatch, 'other values in the second traced step'),
    (_AddsNoise, 'other values in the second traced step'),
    (_ComputesOnTheHost, 'NumPy computed'),
    (_WritesIntoAValue, r'writes into its arrays.*numpy\.multiply'),
    (_WritesIntoABuffer, r'writes into its arrays.*numpy\.multiply'),
])
def test_arrays_computed_on_the_host_run_define_by_run(make, reason):
    _train_define_by_run(make, _batches_of_2x3(5), reason)


def test_values_read_in_static_code_are_read_on_every_step():
    sums = []

    @kusari.static_code
    def record_sum(array):
        sums.append(float(array.sum()))

    class Recording(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l1 = L.Linear(3, 2)

        def forward(self, x):
            h = self.l1(x)
            record_sum(h.array)
            return F.sum(h * h)

    model = Recording()
    opt = optimizers.SGD()
    opt.setup(model)
    step = capture_step(opt, model)
    batches = [numpy.random.RandomState(n).randn(2, 3).astype(numpy.float32)
               for n in range(4)]
    expected = []
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for x in batches:
            expected.append(float(model.l1(x).array.sum()))
            step(x)
    assert len(_replays(step)) == 1
    assert sums == expected


class _IgnoresLabels(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(7, 4, ignore_label=-1)
            self.out = L.Linear(4, 7)

    def forward(self, words, t):
        return F.softmax_cross_entropy(self.out(self.embed(words)), t)


@pytest.mark.parametrize('ignored_in_traces', [False, True])
def test_values_read_inside_functions_are_read_again_by_a_replay(ignored_in_traces):
    # embed_id's and softmax_cross_entropy's forwards read the labels (bounds, ignored
    # ones): a replay runs them again, so the step is captured and follows the data
    pairs = _pair(_IgnoresLabels, optimizers.SGD)
    rng = numpy.random.RandomState(5)
    batches = []
    for number in range(8):
        words, t = rng.randint(0, 7, (2, 6)).astype(numpy.int32)
        if (number < 2) == ignored_in_traces:  # labels ignored in the traced steps or after
            words[rng.randint(6)] = t[rng.randint(6)] = -1
        batches.append((words, t))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        step = _train(pairs, batches)
    assert len(_replays(step)) == 1


@pytest.mark.parametrize('bad_label', [-2, 4])
def test_a_replayed_step_given_a_bad_label_raises_as_define_by_run(bad_label):
    pairs = _pair(_mlp, optimizers.SGD)
    batches = _classification_batches(4, (12,), 4)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        step = _train(pairs, batches)
    assert len(_replays(step)) == 1
    x, t = batches[0]
    t = t.copy()
    t[1] = bad_label
    (model, _), (model2, opt2) = pairs
    errors = []
    for run in (step, lambda *args: opt2.update(model2, *args)):
        with pytest.raises(kusari.utils.type_check.InvalidType) as error:
            run(x, t)
        errors.append(str(error.value))
    assert 'label {}'.format(bad_label) in errors[0]
    assert errors[0] == errors[1]
