import numpy

from kusari import backend, cuda
import kusari.functions as F


def test_the_dummy_device_is_the_cpu():
    # as in Chainer, where cuda.DummyDevice stands for the CPU
    assert backend.get_device(cuda.DummyDevice) == backend.CpuDevice()
    y = F.copy(numpy.ones(2, numpy.float32), cuda.DummyDevice)
    assert isinstance(y.array, numpy.ndarray)
