"""kusari.backend and kusari.cuda: Chainer's device API, without CuPy and on the fake GPU."""

import importlib
import sys

import numpy
import pytest

import kusari
from kusari import backend, cuda

from tests.gpu import fake_cupy

no_gpu = pytest.mark.skipif(cuda.available, reason='checks the behaviour without a GPU')


@pytest.fixture
def fake():
    with fake_cupy.installed() as cupy:
        yield cupy


# -- without a GPU ---------------------------------------------------------------------

@pytest.mark.parametrize('spec', [None, -1, '-1', '@numpy', 'native', 'native:0', numpy,
                                  (numpy, 0), numpy.int64(-1)])
def test_cpu_specifiers(spec):
    device = backend.get_device(spec)
    assert device == backend.CpuDevice() and device.xp is numpy and str(device) == '@numpy'


@pytest.mark.parametrize('spec', [True, 1.5, '@tpu', '@numpy:0', '@cupy', '@cupy::0', (numpy, 1),
                                  ('@cupy', 0), ('native', 0), []])
def test_invalid_specifiers_name_the_specifier(spec):
    with pytest.raises(ValueError, match='get_device: invalid device specifier'):
        backend.get_device(spec)
    with pytest.raises(ValueError, match='get_device: invalid device specifier'):
        backend.using_device(spec)  # checked at the call, not on entering


@pytest.mark.parametrize('spec', ['foo', '', 'cuda:x', 'native:foo'])
def test_other_specifiers_without_at_are_chainerx_ones(spec):
    with pytest.raises(RuntimeError, match='ChainerX is not available'):
        backend.get_device(spec)


def test_ideep_and_chainerx_are_clear_not_implemented_errors():
    for make in (backend.Intel64Device, backend.ChainerxDevice,
                 lambda: backend.get_device('@intel64'), lambda: backend.to_chx(numpy.ones(1))):
        with pytest.raises(NotImplementedError, match='kusari has no (iDeep|ChainerX)'):
            make()
    arrays = (numpy.ones(2), [None, numpy.zeros(1)])
    assert backend.from_chx(arrays) is arrays
    from kusari.backends import intel64
    assert not intel64.is_ideep_available() and not intel64.should_use_ideep('>=auto')
    assert not intel64.inputs_all_ready((numpy.ones((2, 2)),))
    with pytest.raises(RuntimeError, match='iDeep is not available'):
        intel64.check_ideep_available()
    with pytest.raises(ValueError, match='level'):
        intel64.should_use_ideep('sometimes')


def test_cpu_device_send_and_from_array():
    cpu = backend.CpuDevice()
    a = numpy.arange(3.0)
    assert cpu.send(a) is a
    sent = cpu.send({'x': (a, None), 'y': [1.5]})
    assert sent['x'][0] is a and sent['x'][1] is None
    numpy.testing.assert_array_equal(sent['y'][0], 1.5)
    with pytest.raises(TypeError, match='CpuDevice.send: expected .*got builtins.object'):
        cpu.send(object())
    assert backend.CpuDevice.from_array(a) == cpu
    assert backend.CpuDevice.from_array([1]) is None
    assert backend.GpuDevice.from_array(a) is None
    assert backend.get_device_from_array(kusari.Variable(a)) == cpu
    assert backend.is_array_supported(a) and not backend.is_array_supported([1.0])
    assert hash(cpu) == hash(backend.CpuDevice()) and repr(cpu) == '<CpuDevice (numpy)>'


def test_copyto_and_using_device_on_the_cpu():
    dst = numpy.zeros((2, 2), numpy.float32)
    backend.copyto(dst, numpy.arange(2.0))
    numpy.testing.assert_array_equal(dst, [[0, 1], [0, 1]])
    backend.copyto(dst, 3)
    assert (dst == 3).all()
    with pytest.raises(TypeError, match='copyto: dst must be'):
        backend.copyto([0.0], numpy.ones(1))
    with kusari.using_device('@numpy'), backend.CpuDevice() as device:
        assert device.xp is numpy


@no_gpu
def test_cuda_without_a_gpu():
    assert cuda.available is False and cuda.cudnn_enabled is False
    assert not isinstance(numpy.ones(1), cuda.ndarray)
    for placeholder in (cuda.ndarray, cuda.Device, cuda.Stream, cuda.Event):
        with pytest.raises(RuntimeError, match='CUDA environment is not correctly set up'):
            placeholder()
    for call in (lambda: cuda.to_gpu(numpy.ones(1)), lambda: cuda.get_device_from_id(0),
                 lambda: cuda.elementwise('T x', 'T y', 'y = x', 'copy'),
                 lambda: cuda.reduce('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'total'),
                 lambda: cuda.raw('extern "C" __global__ void f() {}', 'f'),
                 lambda: cuda.copy(numpy.ones(1)), cuda.check_cuda_available):
        with pytest.raises(RuntimeError, match='CUDA environment is not correctly set up'):
            call()
    with pytest.raises(RuntimeError, match='CuPy|CUDA|GPU'):
        backend.get_device('@cupy:0')
    with pytest.raises(RuntimeError, match='cuDNN'):
        cuda.get_cudnn_dropout_states()


def test_cuda_device_helpers_on_the_cpu():
    assert cuda.get_device_from_id(None) is cuda.DummyDevice
    assert cuda.get_device_from_id(-1) is cuda.DummyDevice
    with pytest.raises(TypeError, match='get_device_from_id: device_id must be an int'):
        cuda.get_device_from_id('0')
    assert cuda.get_device_from_array(numpy.ones(1)) is cuda.DummyDevice
    with pytest.warns(DeprecationWarning, match='get_device is deprecated'):
        assert cuda.get_device(numpy.ones(1), None) is cuda.DummyDevice
    dummy = cuda.DummyDevice
    with dummy as entered:
        assert entered is dummy
    assert int(dummy) == -1 and not dummy and dummy.id == -1 and dummy == cuda.DummyDeviceType()
    dummy.use()
    dummy.synchronize()


def test_to_cpu_accepts_arrays_scalars_and_nested_sequences():
    a = numpy.ones(2)
    assert cuda.to_cpu(a) is a and cuda.to_cpu(None) is None
    result = cuda.to_cpu([a, (numpy.float32(2), None)])
    assert result[0] is a and isinstance(result[1], tuple) and result[1][1] is None
    assert isinstance(result[1][0], numpy.ndarray) and result[1][0] == 2
    with pytest.raises(TypeError, match='expected a numpy.ndarray'):
        cuda.to_cpu({1, 2})
    assert cuda.get_array_module(kusari.Variable(a)) is numpy


def test_memoize_caches_per_arguments_until_cleared():
    calls = []

    @cuda.memoize()
    def square(x, shift=0):
        calls.append(x)
        return x * x + shift

    assert square(3) == 9 and square(3) == 9 and square(3, shift=1) == 10
    assert calls == [3, 3]
    cuda.clear_memo()
    assert square(3) == 9 and calls == [3, 3, 3]

    @cuda.memoize(for_each_device=True)
    def ident(x):
        calls.append(x)
        return x
    assert ident('a') == ident('a') == 'a' and calls[-1] == 'a' and calls.count('a') == 1


def test_fuse_without_a_gpu_returns_the_function():
    def add(x, y):
        return x + y
    if not cuda.available:
        assert cuda.fuse(add) is add and cuda.fuse(kernel_name='add')(add) is add
    fused = cuda.fuse(add)
    numpy.testing.assert_array_equal(fused(numpy.ones(2), numpy.ones(2)), [2, 2])


def test_should_use_cudnn_follows_config_and_checks_arguments():
    with kusari.using_config('use_cudnn', 'always'):
        assert cuda.should_use_cudnn('==always') is cuda.cudnn_enabled
    with kusari.using_config('use_cudnn', 'never'):
        assert not cuda.should_use_cudnn('>=auto')
    with pytest.raises(ValueError, match="level must be '==always' or '>=auto'"):
        cuda.should_use_cudnn('auto')
    with kusari.using_config('use_cudnn', 'maybe'), pytest.raises(ValueError, match='use_cudnn'):
        cuda.should_use_cudnn('>=auto')
    with kusari.using_config('use_cudnn_tensor_core', 'always'):
        assert cuda.should_use_cudnn_tensor_core(numpy.float32)
    with kusari.using_config('use_cudnn_tensor_core', 'never'):
        assert not cuda.should_use_cudnn_tensor_core(numpy.float16)
    if not cuda.cudnn_enabled:
        assert not cuda.should_use_cudnn_tensor_core(numpy.float16)


def test_max_workspace_size_round_trips_through_both_module_paths():
    from kusari.backends import cuda as backends_cuda
    assert backends_cuda is cuda and sys.modules['kusari.backends.cuda'] is cuda
    before = cuda.get_max_workspace_size()
    try:
        backends_cuda.set_max_workspace_size(1 << 20)
        assert cuda.get_max_workspace_size() == 1 << 20
        with pytest.raises(ValueError, match='non-negative int'):
            cuda.set_max_workspace_size(-1)
    finally:
        cuda.set_max_workspace_size(before)


def test_modules_import_without_cupy(monkeypatch):
    monkeypatch.setitem(sys.modules, 'cupy', None)  # ``import cupy`` fails
    reloaded = importlib.reload(cuda)
    try:
        assert reloaded.cupy is None and reloaded.available is False
        assert reloaded.memory_pool is None
        with pytest.raises(RuntimeError, match='CuPy is not installed'):
            backend.get_device(0)
    finally:
        monkeypatch.undo()
        importlib.reload(cuda)


# -- on the fake GPU -------------------------------------------------------------------

@pytest.mark.parametrize('spec', [0, '0', '@cupy:0', 'cuda:0'])
def test_gpu_specifiers(fake, spec):
    device = backend.get_device(spec)
    assert isinstance(device, backend.GpuDevice) and device.xp is fake
    assert device.name == '@cupy:0' and device.id == 0 and device == backend.GpuDevice(
        fake.cuda.Device(0))
    assert backend.get_device(fake) == device and backend.get_device((fake, 0)) == device
    assert backend.get_device(fake.cuda.Device(0)) == device


def test_missing_gpu_is_a_clear_error(fake):
    with pytest.raises(RuntimeError, match=r'GPU 3 was requested, but this machine has 1 GPU'):
        backend.get_device('@cupy:3')
    with pytest.raises(TypeError, match='GpuDevice: device must be a cupy.cuda.Device'):
        backend.GpuDevice(0)


def test_gpu_device_send_copyto_and_back(fake):
    device = backend.get_device('@cupy:0')
    host = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    on_gpu = device.send(host)
    assert isinstance(on_gpu, fake.ndarray) and device.send(on_gpu) is on_gpu
    assert backend.get_device_from_array(host, on_gpu) == device
    assert backend.GpuDevice.from_array(on_gpu) == device
    assert backend.get_array_module(kusari.Variable(on_gpu)) is fake
    dst = device.send(numpy.zeros((2, 3), numpy.float32))
    backend.copyto(dst, host)  # host to device
    back = numpy.zeros((2, 3), numpy.float32)
    backend.copyto(back, dst)  # device to host
    numpy.testing.assert_array_equal(back, host)
    numpy.testing.assert_array_equal(backend.CpuDevice().send(on_gpu), host)
    with pytest.raises(TypeError, match='GpuDevice.send: expected'):
        device.send(object())
    with kusari.using_device('@cupy:0'), device as entered:
        assert entered is device


def test_cuda_helpers_on_the_fake_gpu(fake):
    host = numpy.arange(4.0)
    on_gpu = cuda.to_gpu(host)
    assert isinstance(on_gpu, fake.ndarray) and isinstance(on_gpu, cuda.ndarray)
    assert cuda.to_gpu([host, None], device=0)[1] is None
    assert cuda.to_gpu(host, device=fake.cuda.Device(0), stream=fake.cuda.Stream()) is not None
    assert cuda.get_array_module(on_gpu) is fake
    assert cuda.get_device_from_array(host, on_gpu) == fake.cuda.Device(0)
    assert cuda.get_device_from_id(0) == fake.cuda.Device(0)
    copied = cuda.copy(on_gpu)
    assert copied is not on_gpu
    numpy.testing.assert_array_equal(cuda.to_cpu(copied), host)
    out = fake.zeros(4)
    assert cuda.copy(on_gpu, out=out) is out
    numpy.testing.assert_array_equal(cuda.to_cpu(out, stream=fake.cuda.Stream()), host)
    with pytest.raises(TypeError, match='to_gpu: device must be'):
        cuda.to_gpu(host, device='0')


def test_kernel_helpers_are_cached(fake):
    first = cuda.elementwise('T x', 'T y', 'y = x * 2', 'double_it')
    assert cuda.elementwise('T x', 'T y', 'y = x * 2', 'double_it') is first
    assert cuda.elementwise('T x', 'T y', 'y = x * 3', 'triple_it') is not first
    assert cuda.reduce('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'total') is cuda.reduce(
        'T x', 'T y', 'x', 'a + b', 'y = a', '0', 'total')
    assert cuda.raw('code', 'name', options=('-O3',)) is cuda.raw('code', 'name',
                                                                  options=('-O3',))
