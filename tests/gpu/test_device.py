"""Devices: CPU always; GPU tests (marked gpu) skip cleanly without CuPy and a GPU."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import backend, cuda, optimizers


def test_cpu_device_and_specifiers():
    for spec in ('@numpy', -1, None, backend.CpuDevice()):
        device = backend.get_device(spec)
        assert isinstance(device, backend.CpuDevice) and device.xp is numpy
    assert backend.get_device_from_array(numpy.ones(2)) == backend.CpuDevice()
    with pytest.raises(ValueError, match='invalid device specifier'):
        backend.get_device('@tpu')
    x = numpy.zeros(3)
    backend.copyto(x, numpy.arange(3.0))
    numpy.testing.assert_array_equal(x, [0, 1, 2])


def test_cuda_module_imports_without_cupy():
    assert isinstance(cuda.available, bool)
    numpy.testing.assert_array_equal(cuda.to_cpu(numpy.ones(2)), numpy.ones(2))
    assert cuda.get_array_module(numpy.ones(1)) is numpy


@pytest.mark.skipif(cuda.available, reason='checks the error on machines without a GPU')
def test_asking_for_a_gpu_without_one_is_a_clear_error():
    with pytest.raises(RuntimeError, match='CuPy is not installed|CUDA|GPU'):
        backend.get_device('@cupy:0')
    with pytest.raises(RuntimeError, match='CuPy|CUDA|GPU'):
        L.Linear(2, 3).to_device(0)


gpu = pytest.mark.gpu


def _cupy():
    if not cuda.available:
        pytest.skip('needs CuPy and an NVIDIA GPU')
    return cuda.cupy


@gpu
def test_mixing_cpu_and_gpu_inputs_names_function_and_devices():
    cp = _cupy()
    with pytest.raises(TypeError,
                       match=r'_ \+ _: inputs are on different devices.*@numpy.*@cupy:0'):
        kusari.Variable(numpy.ones(2, numpy.float32)) + cp.ones(2, cp.float32)


@gpu
def test_mlp_trains_on_gpu_with_state_on_device():
    cp = _cupy()
    model = L.Classifier(L.Linear(4, 3))
    model.to_device('@cupy:0')
    opt = optimizers.Adam().setup(model)
    x = cp.asarray(numpy.random.rand(16, 4).astype(numpy.float32))
    t = cp.asarray(numpy.random.randint(0, 3, 16).astype(numpy.int32))
    first = None
    for _ in range(300):
        opt.update(model, x, t)
        first = first if first is not None else float(model.loss.array)
    assert float(model.loss.array) < first
    for param in model.params():
        assert isinstance(param.array, cp.ndarray) and isinstance(param.grad, cp.ndarray)
        for value in param.update_rule.state.values():
            assert isinstance(value, cp.ndarray)
    with pytest.warns(DeprecationWarning, match='to_cpu is deprecated'):
        model.to_cpu()
    assert all(isinstance(p.array, numpy.ndarray) for p in model.params())


@gpu
def test_functions_match_between_numpy_and_cupy():
    cp = _cupy()
    rng = numpy.random.RandomState(0)
    x = rng.randn(3, 5).astype(numpy.float32)
    t = rng.randint(0, 5, 3).astype(numpy.int32)
    cases = [lambda x, t: F.relu(x), lambda x, t: F.tanh(x), lambda x, t: F.softmax(x),
             lambda x, t: F.softmax_cross_entropy(x, t), lambda x, t: F.sum(x * x)]
    for case in cases:
        ycpu = case(kusari.Variable(x), t)
        ygpu = case(kusari.Variable(cp.asarray(x)), cp.asarray(t))
        numpy.testing.assert_allclose(cp.asnumpy(ygpu.array), ycpu.array, rtol=1e-5, atol=1e-6)
