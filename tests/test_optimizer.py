"""The optimizer base classes: hyperparameters, update rules, hooks, loss scaling,
serialization of state."""

import numpy
import pytest

import kusari
from kusari import optimizer, optimizer_hooks, optimizers


class Model(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.a = _Leaf(numpy.arange(3.0))
            self.b = _Leaf(numpy.ones((2, 2)))


class _Leaf(kusari.Link):
    def __init__(self, value):
        super().__init__()
        with self.init_scope():
            self.w = kusari.Parameter(numpy.array(value))


def _set_grads(model, value=1.0):
    for p in model.params():
        p.grad = numpy.full_like(p.array, value)


class _DictSaver(kusari.Serializer):
    def __init__(self, target=None, prefix=''):
        self.target = {} if target is None else target
        self.prefix = prefix

    def __getitem__(self, key):
        return _DictSaver(self.target, self.prefix + key + '/')

    def __call__(self, key, value):
        self.target[self.prefix + key] = numpy.array(value, copy=True)
        return value


class _DictLoader(kusari.Deserializer):
    def __init__(self, source, prefix=''):
        self.source = source
        self.prefix = prefix

    def __getitem__(self, key):
        return _DictLoader(self.source, self.prefix + key + '/')

    def __call__(self, key, value):
        loaded = self.source[self.prefix + key]
        if value is None:
            return loaded
        if isinstance(value, numpy.ndarray):
            value[...] = loaded
            return value
        return type(value)(loaded)


def test_hyperparameter_falls_back_to_parent():
    parent = optimizer.Hyperparameter()
    parent.lr, parent.momentum = 0.1, 0.9
    child = optimizer.Hyperparameter(parent)
    child.lr = 0.5
    assert child.lr == 0.5 and child.momentum == 0.9
    assert child.get_dict() == {'lr': 0.5, 'momentum': 0.9}
    assert child.parent is parent
    with pytest.raises(AttributeError):
        _ = child.nothing


def test_hyperparameter_proxy_reads_and_writes():
    opt = optimizers.SGD(lr=0.3)
    assert opt.lr == 0.3 and opt.hyperparam.lr == 0.3
    opt.lr = 0.2
    assert opt.hyperparam.lr == 0.2


def test_per_parameter_override_and_disable():
    model = Model()
    opt = optimizers.SGD(lr=0.1).setup(model)
    model.a.w.update_rule.hyperparam.lr = 1.0
    model.b.w.update_rule.enabled = False
    a0, b0 = model.a.w.array.copy(), model.b.w.array.copy()
    _set_grads(model)
    opt.update()
    numpy.testing.assert_allclose(model.a.w.array, a0 - 1.0)
    numpy.testing.assert_array_equal(model.b.w.array, b0)
    assert model.a.w.update_rule.t == 1 and model.b.w.update_rule.t == 0
    assert opt.t == 1


def test_update_with_lossfun_clears_and_computes_grads():
    model = Model()
    opt = optimizers.SGD(lr=0.5).setup(model)
    model.a.w.grad = numpy.full(3, 100.0)  # stale gradient that must be cleared
    opt.update(lambda: kusari.functions.sum(model.a.w * model.a.w))
    numpy.testing.assert_allclose(model.a.w.array, numpy.arange(3.0) * (1 - 2 * 0.5))


def test_hook_timing_pre_and_post():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    seen = []

    def pre(o):
        seen.append(('pre', model.a.w.array[1]))

    def post(o):
        seen.append(('post', model.a.w.array[1]))

    opt.add_hook(pre, timing='pre')
    opt.add_hook(post, timing='post')
    _set_grads(model, 0.25)
    opt.update()
    assert seen == [('pre', 1.0), ('post', 0.75)]
    with pytest.raises(KeyError):
        opt.add_hook(pre)
    with pytest.raises(ValueError, match='timing'):
        opt.add_hook(lambda o: None, name='x', timing='later')
    opt.remove_hook('pre')
    seen.clear()
    opt.update()
    assert [s[0] for s in seen] == ['post']


def test_per_parameter_hook_runs_through_update_rule():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(optimizer_hooks.WeightDecay(0.5))
    _set_grads(model, 0.0)
    opt.update()
    numpy.testing.assert_allclose(model.a.w.array, numpy.arange(3.0) * 0.5)


def test_update_rule_hook_pre_and_post():
    model = Model()
    optimizers.SGD(lr=1.0).setup(model)
    rule = model.a.w.update_rule
    calls = []
    rule.add_hook(lambda r, p: calls.append(('pre', p.array[1])), name='pre')
    rule.add_hook(lambda r, p: calls.append(('post', p.array[1])), name='post',
                  timing='post')
    model.a.w.grad = numpy.ones(3)
    model.a.w.update()
    assert calls == [('pre', 1.0), ('post', 0.0)]
    rule.remove_hook('pre')
    with pytest.raises(KeyError):
        rule.remove_hook('pre')


def test_static_loss_scaling_divides_gradients():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.set_loss_scale(8.0)
    opt.update(lambda: kusari.functions.sum(model.a.w))
    numpy.testing.assert_allclose(model.a.w.array, numpy.arange(3.0) - 1.0)


def test_dynamic_loss_scaling_skips_overflow_and_adapts():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.loss_scaling(interval=2, scale=16.0)
    before = model.a.w.array.copy()
    with numpy.errstate(all='ignore'):
        opt.update(lambda: kusari.functions.sum(model.a.w * numpy.float64('inf')))
    numpy.testing.assert_array_equal(model.a.w.array, before)  # skipped
    assert opt._loss_scale == 8.0 and opt.t == 0
    for _ in range(2):
        opt.update(lambda: kusari.functions.sum(model.a.w))
    assert opt._loss_scale == 16.0 and opt.t == 2
    numpy.testing.assert_allclose(model.a.w.array, before - 2.0)


def test_loss_scaling_refuses_bad_interval_and_scale():
    opt = optimizers.SGD().setup(Model())
    with pytest.raises(ValueError, match='SGD.loss_scaling: interval'):
        opt.loss_scaling(interval=0)
    with pytest.raises(ValueError, match='SGD.loss_scaling: scale'):
        opt.loss_scaling(scale=-1)


def test_fp32_update_keeps_small_steps_in_float16():
    link = _Leaf(numpy.ones(4, numpy.float16))
    opt = optimizers.SGD(lr=1e-4)
    opt.use_fp32_update()
    opt.setup(link)
    for _ in range(10):
        link.w.grad = numpy.ones(4, numpy.float16)
        opt.update()
    # each 1e-4 step is below float16's resolution at 1.0 (~1e-3); the master copy
    # accumulates them
    assert link.w.array.dtype == numpy.float16
    numpy.testing.assert_allclose(link.w.array, numpy.float16(1 - 1e-3), rtol=1e-3)
    assert link.w.update_rule._fp32_param.array[0] == pytest.approx(1 - 1e-3, rel=1e-6)


@pytest.mark.parametrize('make', [
    lambda: optimizers.Adam(alpha=0.1), lambda: optimizers.MomentumSGD(),
    lambda: optimizers.RMSpropGraves(), lambda: optimizers.SMORMS3(),
    lambda: optimizers.MSVAG(), lambda: optimizers.AMSGrad()])
def test_serialized_state_resumes_bit_identically(make):
    rng = numpy.random.RandomState(0)
    grads = [[rng.normal(size=p.shape) for p in Model().params()] for _ in range(6)]

    def step(model, opt, g):
        for p, gi in zip(model.params(), g):
            p.grad = gi.copy()
        opt.update()

    model, opt = Model(), make()
    opt.setup(model)
    for g in grads[:3]:
        step(model, opt, g)
    saved_opt, saved_model = {}, {}
    opt.serialize(_DictSaver(saved_opt))
    model.serialize(_DictSaver(saved_model))
    for g in grads[3:]:
        step(model, opt, g)

    fresh, fresh_opt = Model(), make()
    fresh_opt.setup(fresh)
    fresh.serialize(_DictLoader(saved_model))
    fresh_opt.serialize(_DictLoader(saved_opt))
    assert fresh_opt.t == 3
    for g in grads[3:]:
        step(fresh, fresh_opt, g)
    for p, q in zip(model.params(), fresh.params()):
        numpy.testing.assert_array_equal(p.array, q.array)


def test_serialize_key_layout_matches_chainer():
    model = Model()
    opt = optimizers.Adam().setup(model)
    _set_grads(model)
    opt.update()
    saved = {}
    opt.serialize(_DictSaver(saved))
    assert sorted(saved) == ['a/w/m', 'a/w/t', 'a/w/v', 'b/w/m', 'b/w/t', 'b/w/v',
                             'epoch', 't']


def test_new_epoch_and_auto_mode():
    opt = optimizers.SGD().setup(Model())
    opt.new_epoch()
    assert opt.epoch == 1
    opt.use_auto_new_epoch = True
    with pytest.raises(RuntimeError):
        opt.new_epoch()
    opt.new_epoch(auto=True)
    assert opt.epoch == 2


def test_setup_rejects_non_link():
    with pytest.raises(TypeError, match='link'):
        optimizers.SGD().setup(object())


@pytest.mark.parametrize('name', ['WeightDecay', 'Lasso', 'GradientClipping',
                                  'GradientNoise', 'GradientHardClipping'])
def test_deprecated_hook_aliases(name):
    args = (0.0, 1.0) if name == 'GradientHardClipping' else (0.1,)
    with pytest.warns(DeprecationWarning, match='optimizer_hooks.' + name):
        hook = getattr(optimizer, name)(*args)
    assert isinstance(hook, getattr(optimizer_hooks, name))


@pytest.mark.parametrize('make', [lambda: optimizers.Adam(alpha=0.01, amsgrad=True),
                                  lambda: optimizers.RMSprop(lr=0.01)])
def test_npz_snapshot_mid_training_resumes_bit_identically(tmp_path, make):
    from kusari import serializers
    import kusari.links as L
    rng = numpy.random.RandomState(3)
    data = [(rng.randn(4, 3).astype('f'), rng.randint(0, 2, 4).astype('i'))
            for _ in range(6)]

    def build():
        numpy.random.seed(0)
        model = L.Classifier(L.Linear(3, 2))
        opt = make()
        opt.setup(model)
        opt.add_hook(optimizer_hooks.WeightDecay(1e-3))
        return model, opt

    model, opt = build()
    for x, t in data[:3]:
        opt.update(model, x, t)
    serializers.save_npz(str(tmp_path / 'model.npz'), model)
    serializers.save_npz(str(tmp_path / 'opt.npz'), opt)
    for x, t in data[3:]:
        opt.update(model, x, t)

    resumed, resumed_opt = build()
    serializers.load_npz(str(tmp_path / 'model.npz'), resumed)
    serializers.load_npz(str(tmp_path / 'opt.npz'), resumed_opt)
    assert resumed_opt.t == 3
    for x, t in data[3:]:
        resumed_opt.update(resumed, x, t)
    for (name, p), (_, q) in zip(model.namedparams(), resumed.namedparams()):
        numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


def test_deepcopy_and_pickle_keep_hyperparameters_and_state():
    import copy
    import pickle
    model = Model()
    opt = optimizers.Adam(alpha=0.5).setup(model)
    _set_grads(model)
    opt.update()
    clone = copy.deepcopy(opt)
    numpy.testing.assert_array_equal(clone.target.a.w.update_rule.state['m'],
                                     model.a.w.update_rule.state['m'])
    clone.alpha = 0.1
    assert clone.target.a.w.update_rule.hyperparam.alpha == 0.1 and opt.alpha == 0.5
    assert pickle.loads(pickle.dumps(optimizers.MomentumSGD(lr=0.3))).lr == 0.3


def test_update_rule_hooks_follow_chainer_naming_and_timing():
    rule = kusari.UpdateRule()

    class Nameless:
        def __call__(self, rule, param):
            pass

    with pytest.raises(ValueError, match='no name'):
        rule.add_hook(Nameless())
    with pytest.raises(ValueError, match='timing'):
        rule.add_hook(Nameless(), name='x', timing='later')
    odd = Nameless()
    odd.timing = 'sometime'  # neither 'pre' nor 'post': a post hook, as in Chainer
    rule.add_hook(odd, name='odd')
    assert 'odd' in rule._post_update_hooks


def test_new_epoch_auto_needs_an_updater_that_asked_for_it():
    opt = kusari.optimizers.SGD().setup(kusari.Link())
    with pytest.raises(RuntimeError, match='use_auto_new_epoch'):
        opt.new_epoch(auto=True)
    opt.new_epoch()
    assert opt.epoch == 1


def test_a_hook_that_clears_gradients_leaves_zeros_for_the_next():
    link = kusari.Link()
    with link.init_scope():
        link.w = kusari.Parameter(numpy.ones(2, numpy.float32))
    link.w.grad = numpy.ones(2, numpy.float32)
    opt = kusari.optimizers.SGD(lr=1).setup(link)
    seen = []

    def clear(optimizer):
        link.cleargrads()

    def look(optimizer):
        seen.append(link.w.grad)

    opt.add_hook(clear, name='clear')
    opt.add_hook(look, name='look')
    opt.update()
    numpy.testing.assert_array_equal(seen[0], [0, 0])


def test_a_strict_deserializer_missing_state_of_an_enabled_rule_raises():
    class Missing(kusari.Deserializer):
        def __getitem__(self, key):
            return self

        def __call__(self, key, value):
            if key == 't':
                return 7
            raise KeyError(key)

    rule = optimizers.Adam().create_update_rule()
    with pytest.raises(KeyError):
        rule.serialize(Missing())
    rule.enabled = False  # a disabled rule keeps no state: nothing to miss
    rule.serialize(Missing())
    assert rule.t == 7 and rule.state is None


def test_setup_warns_about_links_and_parameters_assigned_outside_init_scope():
    import warnings

    import kusari.links as L

    class Net(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.registered = L.Linear(2, 2)
            self.forgotten = L.Linear(2, 2)
            self.scale = kusari.Parameter(1.0)
            self.alias = self.registered  # registered under another name: fine

    with pytest.warns(UserWarning, match=r'Adam\.setup: /forgotten \(Linear\), /scale '
                                         r'\(Parameter\) are assigned outside `with '
                                         r'self\.init_scope\(\):`.*will not update them'):
        optimizers.Adam().setup(Net())
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        optimizers.SGD().setup(L.Classifier(L.Linear(2, 2)))


class _Mixed(kusari.Link):
    """An uninitialized parameter, one with a gradient and one without."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.uninit = kusari.Parameter()
            self.with_grad = kusari.Parameter(numpy.array([3.0, 2.0]))
            self.no_grad = kusari.Parameter(numpy.array([5.0, 7.0]))
        self.uninit.cleargrad()
        self.no_grad.cleargrad()
        self.with_grad.grad = numpy.array([1.0, 1.0])


@pytest.mark.parametrize('make', [
    optimizers.AdaDelta, optimizers.AdaGrad, optimizers.Adam, optimizers.AdaBound,
    optimizers.CorrectedMomentumSGD, optimizers.MomentumSGD, optimizers.MSVAG,
    optimizers.NesterovAG, optimizers.RMSprop, optimizers.RMSpropGraves, optimizers.SGD,
    optimizers.SMORMS3])
def test_every_rule_runs_for_every_parameter_and_skips_those_without_gradient(make):
    link = _Mixed()
    opt = make()
    opt.setup(link)
    for param in link.params():
        param.update()  # the rules themselves leave a parameter without gradient alone
    assert link.uninit.array is None
    numpy.testing.assert_array_equal(link.no_grad.array, [5.0, 7.0])
    assert not numpy.array_equal(link.with_grad.array, [3.0, 2.0])
    assert [p.update_rule.t for p in (link.uninit, link.with_grad, link.no_grad)] == [1, 1, 1]
    assert link.uninit.update_rule._state is None  # no state before the array exists


def test_gradient_method_calls_update_core_for_uninitialized_and_gradless_parameters():
    seen = []

    class Rule(optimizer.UpdateRule):
        def update_core_cpu(self, param):
            seen.append(param)

    class Opt(optimizer.GradientMethod):
        def create_update_rule(self):
            return Rule()

    link = _Mixed()
    with link.init_scope():  # a gradient not determined yet (never cleared): not read
        link.fresh = kusari.Parameter()
    opt = Opt()
    opt.setup(link)
    opt.update()
    assert sorted(map(id, seen)) == sorted(map(id, link.params()))
    numpy.testing.assert_array_equal(link.no_grad.grad, [0.0, 0.0])


@pytest.mark.parametrize('dtype', [None, numpy.float16, numpy.float32])
def test_fp32_update_of_an_uninitialized_parameter_leaves_it_uninitialized(dtype):
    param = kusari.Parameter(kusari.initializers.Constant(1.0, dtype=dtype))
    seen = []
    rule = optimizer.UpdateRule()
    rule.update_core = seen.append
    rule.use_fp32_update()
    rule.update(param)
    (got,) = seen
    assert param.array is None
    if dtype == numpy.float16:
        assert got is not param and got.dtype == numpy.float32 and got.array is None
        assert param.dtype == numpy.float16
    else:
        assert got is param
