import numpy
import pytest

from kusari import backend, cuda
import kusari.functions as F


def test_the_dummy_device_is_the_cpu():
    # as in Chainer, where cuda.DummyDevice stands for the CPU
    assert backend.get_device(cuda.DummyDevice) == backend.CpuDevice()
    y = F.copy(numpy.ones(2, numpy.float32), cuda.DummyDevice)
    assert isinstance(y.array, numpy.ndarray)


def test_backend_modules_are_attributes_of_backend():
    # Chainer programs write 'from chainer.backend import cuda'; kusari.backend is
    # imported by the modules it names, so they load on first access.
    import kusari.backends.intel64
    assert backend.cuda is cuda and backend.intel64 is kusari.backends.intel64
    with pytest.raises(AttributeError, match="has no attribute 'no_such_module'"):
        backend.no_such_module  # noqa: B018 - the attribute access is what is tested
