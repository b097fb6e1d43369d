"""Profiling and reparameterizing hooks on a device (fake GPU here, real GPU when marked):
CUDA events time the calls, the weight hooks keep their vectors on the device."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import function_hooks, link_hooks


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
