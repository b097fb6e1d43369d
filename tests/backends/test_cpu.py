import numpy

from kusari import backend
from kusari.backends import _cpu


def test_to_cpu_converts_arrays_scalars_and_sequences():
    a = numpy.arange(3)
    assert _cpu._to_cpu(a) is a
    out = _cpu._to_cpu([a, None, (numpy.float32(2),)])
    assert out[0] is a and out[1] is None
    assert isinstance(out[2][0], numpy.ndarray) and out[2][0] == 2
    assert _cpu._array_to_cpu(None) is None
    assert isinstance(_cpu._array_to_cpu(1.5), numpy.ndarray)


def test_cpu_device_is_the_backend_one():
    assert _cpu.CpuDevice is backend.CpuDevice
