"""The top-level modules Chainer code reaches into: kusari._backend, _backprop, _version,
_environment_check, warnings and exporters give what Chainer's had."""

import importlib.metadata
import warnings

import numpy
import pytest

import kusari
from kusari import _backend, _backprop, _environment_check, _version, backend
from kusari import warnings as kusari_warnings


def test_backend_device_is_the_base_of_kusari_devices():
    assert _backend.Device is backend.Device
    assert isinstance(backend.CpuDevice(), _backend.Device)
    assert isinstance(kusari.get_device('@numpy'), _backend.Device)
    assert issubclass(backend.GpuDevice, _backend.Device)

    class Custom(_backend.Device):  # a library's own device, as Chainer code writes one
        xp = numpy
        name = '@custom'
        supported_array_types = (numpy.ndarray,)

        def send_array(self, array):
            return numpy.asarray(array)

    assert kusari.get_device(Custom()) == Custom()


def test_backprop_backward_is_the_scheduler():
    assert _backprop.backward is kusari.backward
    x = kusari.Variable(numpy.array([1., 2.], numpy.float32))
    y = x * x
    _backprop.backward([y], [numpy.ones(2, numpy.float32)])
    numpy.testing.assert_array_equal(x.grad, [2., 4.])


def test_version_is_chainers_release():
    assert _version.__version__ == kusari.__version__ == '7.8.1'
    assert _version.kusari_version == kusari.kusari_version
    cupy, = _version._optional_dependencies
    assert cupy['name'] == 'CuPy' and 'cupy-cuda12x' in cupy['packages']


def _installed(versions, monkeypatch):
    def version(name):
        if name not in versions:
            raise importlib.metadata.PackageNotFoundError(name)
        return versions[name]
    monkeypatch.setattr(importlib.metadata, 'version', version)


def test_environment_check_is_quiet_without_cupy(monkeypatch):
    _installed({}, monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        _environment_check.check()


def test_environment_check_is_quiet_with_one_supported_cupy(monkeypatch):
    _installed({'cupy-cuda12x': '13.3.0'}, monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        _environment_check.check()


def test_environment_check_warns_of_two_cupy_wheels(monkeypatch):
    _installed({'cupy-cuda12x': '13.3.0', 'cupy': '13.0.0'}, monkeypatch)
    with pytest.warns(UserWarning, match=r'CuPy is installed more than once \(cupy, '
                                         r'cupy-cuda12x\)'):
        _environment_check.check()


def test_environment_check_warns_of_an_old_cupy(monkeypatch):
    _installed({'cupy-cuda11x': '12.3.0rc1'}, monkeypatch)
    with pytest.warns(UserWarning, match=r'CuPy \(cupy-cuda11x 12\.3\.0rc1\) may not work '
                                         r'with kusari, which needs cupy-cuda11x>=13'):
        _environment_check.check()


def test_performance_warning_is_a_runtime_warning():
    assert issubclass(kusari_warnings.PerformanceWarning, RuntimeWarning)
    assert kusari.warnings is kusari_warnings


def test_exporters_has_no_caffe_exporter():
    from kusari import exporters
    from kusari.compat import ChainerModuleNotAvailable
    with pytest.raises(ChainerModuleNotAvailable, match='save_npz'):
        exporters.caffe.export  # noqa: B018 - reading the attribute is the test
    with pytest.raises(AttributeError):
        exporters.onnx  # noqa: B018
