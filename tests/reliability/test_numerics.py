"""Numerics: debug mode finds the first NaN; losses are stable for large logits."""

import numpy
import pytest

import kusari
import kusari.functions as F


def test_debug_mode_names_first_function_producing_nan_with_its_stack():
    x = kusari.Variable(numpy.array([1.0, -1.0], numpy.float32))
    with kusari.using_config('debug', True):
        h = x * 2.0
        with numpy.errstate(invalid='ignore'):
            with pytest.raises(RuntimeError) as info:
                F.sqrt(h) if hasattr(F, 'sqrt') else F.log(h)
    message = str(info.value)
    assert 'NaN is detected on forward computation of' in message
    assert 'test_numerics.py' in message  # the stack where it was created


def test_debug_mode_checks_backward_too():
    class BadGrad(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, gys):
            return kusari.Variable(numpy.full(2, numpy.inf, numpy.float32)),

    x = kusari.Variable(numpy.ones(2, numpy.float32))
    with kusari.using_config('debug', True):
        y = F.sum(BadGrad().apply((x,))[0])
        with pytest.raises(RuntimeError,
                           match='Inf is detected on backward computation of BadGrad'):
            y.backward()


@pytest.mark.parametrize('scale', [1e4, -1e4])
def test_large_logits_are_stable_in_float32(scale):
    x = numpy.array([[1.0, 0.0, -1.0], [0.5, 2.0, -3.0]], numpy.float32) * scale
    t = numpy.array([0, 1], numpy.int32)
    xv = kusari.Variable(x)
    for value in (F.softmax(xv), F.log_softmax(xv), F.softmax_cross_entropy(xv, t)):
        assert numpy.isfinite(value.array).all()
    loss = F.softmax_cross_entropy(xv, t)
    loss.backward()
    assert numpy.isfinite(xv.grad).all()
    expected = -(x - x.max(axis=1, keepdims=True))[[0, 1], [0, 1]].mean()
    numpy.testing.assert_allclose(loss.array, expected, rtol=1e-5)
    s = F.sigmoid(kusari.Variable(numpy.array([scale], numpy.float32)))
    assert numpy.isfinite(s.array).all()
    if hasattr(F, 'logsumexp'):
        lse = F.logsumexp(xv, axis=1)
        numpy.testing.assert_allclose(lse.array, x.max(axis=1), rtol=1e-5)
    if hasattr(F, 'sigmoid_cross_entropy'):
        sce = F.sigmoid_cross_entropy(xv, numpy.ones_like(x, dtype=numpy.int32))
        assert numpy.isfinite(sce.array).all()


def test_fail_on_nonnumber_stops_a_diverging_run_before_a_bad_snapshot(tmp_path):
    """Training that diverges (a learning rate far too large for the scale of the
    inputs: the error grows geometrically) stops at the first non-finite parameter with
    a message naming it; every snapshot written is finite and loads."""
    import kusari.links as L
    from kusari import datasets, iterators, optimizers, serializers, training
    from kusari.training import extensions

    rng = numpy.random.RandomState(0)
    x = rng.randn(32, 4).astype(numpy.float32) * 10
    t = rng.randn(32, 1).astype(numpy.float32)
    model = L.Classifier(L.Linear(4, 1), lossfun=F.mean_squared_error)
    model.compute_accuracy = False
    optimizer = optimizers.SGD(lr=0.5).setup(model)
    updater = training.updaters.StandardUpdater(
        iterators.SerialIterator(datasets.TupleDataset(x, t), 8), optimizer)
    trainer = training.Trainer(updater, (100, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.FailOnNonNumber())
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    trainer.extend(extensions.snapshot(), trigger=(1, 'iteration'))
    with numpy.errstate(all='ignore'), pytest.raises(RuntimeError) as info:
        trainer.run(show_loop_exception_msg=False)
    message = str(info.value)
    assert 'FailOnNonNumber' in message and "optimizer 'main'" in message
    stopped_at = updater.iteration
    assert 'iteration {}'.format(stopped_at) in message and 5 < stopped_at < 100
    snapshots = sorted(tmp_path.glob('snapshot_iter_*'))
    assert len(snapshots) == stopped_at - 1  # none for the iteration that diverged
    for path in snapshots:
        with numpy.load(path) as npz:
            for key in npz.files:
                if npz[key].dtype.kind == 'f':
                    assert numpy.isfinite(npz[key]).all(), (path.name, key)
    resumed = L.Classifier(L.Linear(4, 1))
    serializers.load_npz(snapshots[-1], resumed, path='updater/model:main/')
    assert all(numpy.isfinite(p.array).all() for p in resumed.params())
    log = extensions.log_report.load_log(tmp_path / 'log')
    assert [entry['iteration'] for entry in log] == list(range(1, stopped_at))


FLOAT16_CASES = {
    # name: (function of float arrays, input shapes)
    'linear': (lambda x, W, b: F.linear(x, W, b), [(4, 6), (3, 6), (3,)]),
    'convolution_2d': (lambda x, W: F.convolution_2d(x, W, pad=1), [(2, 3, 5, 5),
                                                                  (4, 3, 3, 3)]),
    'deconvolution_2d': (lambda x, W: F.deconvolution_2d(x, W, stride=2), [(2, 3, 3, 3),
                                                                         (3, 2, 3, 3)]),
    'max_pooling_2d': (lambda x: F.max_pooling_2d(x, 2), [(2, 3, 5, 5)]),
    'average_pooling_2d': (lambda x: F.average_pooling_2d(x, 2), [(2, 3, 4, 4)]),
    'batch_normalization': (lambda x, g, b: F.batch_normalization(x, g, b),
                            [(8, 3, 2), (3,), (3,)]),
    'layer_normalization': (lambda x, g, b: F.layer_normalization(x, g, b),
                            [(4, 6), (6,), (6,)]),
    'softmax_cross_entropy': (lambda x: F.softmax_cross_entropy(
        x, numpy.array([0, 2, 1, 2], numpy.int32)), [(4, 3)]),
    'sigmoid_cross_entropy': (lambda x: F.sigmoid_cross_entropy(
        x, numpy.array([[0, 1, 1], [1, 0, -1]], numpy.int32)), [(2, 3)]),
    'lstm': (lambda c, x: F.lstm(c, x)[1], [(3, 2), (3, 8)]),
    'matmul': (F.matmul, [(2, 3, 4), (2, 4, 5)]),
    'logsumexp': (lambda x: F.logsumexp(x, axis=1), [(3, 5)]),
    'dropout': (lambda x: F.dropout(x, 0.0), [(3, 4)]),
    'embed_id': (lambda W: F.embed_id(numpy.array([0, 2, 1]), W), [(3, 4)]),
}


@pytest.mark.parametrize('name', sorted(FLOAT16_CASES))
def test_float16_works_where_chainer_supports_it(name):
    """Float16 forward and backward: float16 results and gradients, close to float32."""
    function, shapes = FLOAT16_CASES[name]
    rng = numpy.random.RandomState(0)
    arrays = [rng.uniform(-1, 1, shape).astype(numpy.float32) for shape in shapes]
    results = {}
    for dtype in (numpy.float16, numpy.float32):
        inputs = [kusari.Variable(a.astype(dtype)) for a in arrays]
        y = function(*inputs)
        assert y.dtype == dtype, name
        F.sum(y * y).backward()
        for v in inputs:
            assert v.grad is not None and v.grad.dtype == dtype, name
            assert numpy.isfinite(v.grad).all(), name
        results[dtype] = (y.array, [v.grad for v in inputs])
    half, single = results[numpy.float16], results[numpy.float32]
    numpy.testing.assert_allclose(half[0], single[0], rtol=2e-2, atol=2e-2, err_msg=name)
    for g16, g32 in zip(half[1], single[1]):
        scale = max(1.0, float(numpy.abs(g32).max()))
        numpy.testing.assert_allclose(g16, g32, rtol=3e-2, atol=3e-2 * scale, err_msg=name)


def test_float16_training_with_loss_scaling_learns():
    """A float16 model trained with dynamic loss scaling fits a separable problem."""
    import kusari.links as L
    from kusari import optimizers

    rng = numpy.random.RandomState(0)
    x = rng.randn(64, 4).astype(numpy.float16)
    t = (x[:, 0] + x[:, 1] > 0).astype(numpy.int32)
    with kusari.using_config('dtype', numpy.float16):
        model = L.Classifier(L.Linear(4, 2))
    assert model.predictor.W.dtype == numpy.float16
    optimizer = optimizers.SGD(lr=0.5).setup(model)
    optimizer.loss_scaling()
    for _ in range(100):
        optimizer.update(model, x, t)
    assert all(numpy.isfinite(p.array).all() for p in model.params())
    with kusari.using_config('train', False):
        accuracy = float(F.accuracy(model.predictor(x), t).array)
    assert accuracy > 0.9
