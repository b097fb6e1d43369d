"""Profiling and reparameterizing hooks on a device (fake GPU here, real GPU when marked):
CUDA events time the calls, the weight hooks keep their vectors on the device."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import backend, function_hooks, link_hooks, optimizer_hooks, optimizers
from tests.gpu.test_training_on_device import strict


def test_function_timer_uses_cuda_events(device):
    hook = function_hooks.TimerHook()
    x = kusari.Variable(device.send(numpy.ones((2, 3), numpy.float32)))
    with hook:
        y = F.sum(F.exp(x))
        y.backward()
    names = [name for name, _ in hook.call_history]
    assert 'Exp' in names and 'Sum' in names
    assert all(isinstance(t, float) and t >= 0 for _, t in hook.call_history)


@pytest.mark.parametrize('hook_class', [link_hooks.SpectralNormalization,
                                        link_hooks.WeightStandardization])
def test_weight_hooks_on_device(device, hook_class):
    layer = L.Linear(4, 3)
    layer.add_hook(hook_class())
    layer.to_device(device)
    W = layer.W
    timer = link_hooks.TimerHook()
    with timer:
        y = layer(device.send(numpy.ones((2, 4), numpy.float32)))
    assert isinstance(y.array, device.supported_array_types) and layer.W is W
    assert [name for name, _ in timer.call_history] == ['Linear']
    if hook_class is link_hooks.SpectralNormalization:
        assert isinstance(layer.W_u, device.supported_array_types)


def _update_with(hook, device):
    model = L.Classifier(kusari.Sequential(L.Linear(4, 5), F.relu, L.Linear(5, 5), F.relu,
                                           L.Linear(5, 3)))
    model.to_device(device)
    optimizer = optimizers.SGD().setup(model)
    optimizer.add_hook(hook)
    optimizer.update(model, device.send(numpy.full((2, 4), 3, numpy.float32)),
                     device.send(numpy.zeros(2, numpy.int32)))
    return model


@pytest.mark.parametrize('hook', [
    optimizer_hooks.WeightDecay(1e-4), optimizer_hooks.Lasso(1e-4),
    optimizer_hooks.GradientHardClipping(-0.1, 0.1), optimizer_hooks.GradientNoise(0.1),
    optimizer_hooks.GradientLARS()], ids=lambda hook: type(hook).__name__)
def test_optimizer_hooks_never_copy_to_the_host(device, hook):
    with strict():
        _update_with(hook, device)


def test_gradient_clipping_copies_the_norm_to_the_host_once():
    from tests.gpu import fake_cupy
    with fake_cupy.installed():
        device = backend.get_device('@cupy:0')
        before = fake_cupy.transfer_count()
        model = _update_with(optimizer_hooks.GradientClipping(1e-3), device)
        assert fake_cupy.transfer_count() - before == 1  # one device, six gradients
    norm = numpy.sqrt(sum((fake_cupy.asnumpy(p.grad) ** 2).sum() for p in model.params()))
    assert abs(norm - 1e-3) < 1e-6


def test_timeline_and_tensorboard_histograms_on_device(device, tmp_path):
    from kusari.training import extensions
    model = L.Classifier(L.Linear(4, 3))
    model.to_device(device)
    x = device.send(numpy.ones((2, 4), numpy.float32))
    t = device.send(numpy.zeros(2, numpy.int32))
    model.cleargrads()
    with extensions.TimelineTrace(filename=str(tmp_path / 'trace.json')) as timeline:
        model(x, t).backward()
    names = {(event['cat'], event['name']) for event in timeline.events}
    assert {('forward', 'LinearFunction'), ('backward', 'LinearFunction'),
            ('backward', 'SoftmaxCrossEntropy')} <= names
    assert (tmp_path / 'trace.json').exists()

    accumulator = pytest.importorskip('tensorboard.backend.event_processing.event_accumulator')
    report = extensions.TensorBoardReport(logdir=str(tmp_path / 'tb'))
    report.add_histograms(model, 1, prefix='main')
    report.close()
    reader = accumulator.EventAccumulator(str(tmp_path / 'tb'))
    reader.Reload()
    histogram = reader.Histograms('main/predictor/W/grad')[0].histogram_value
    assert histogram.num == 12
    assert histogram.sum == pytest.approx(float(backend.CpuDevice().send(
        model.predictor.W.grad).sum()), abs=1e-5)
