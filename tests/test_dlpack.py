"""DLPack: Variables export their arrays, kusari.from_dlpack imports, both without copying
(checked through data pointers, not values)."""

import numpy
import pytest

import kusari
from kusari import cuda


def pointer(array):
    return array.data.ptr if hasattr(array.data, 'ptr') else array.ctypes.data


def test_variable_exports_its_array_without_copying():
    x = kusari.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    assert x.__dlpack_device__() == (1, 0)
    shared = numpy.from_dlpack(x)
    assert pointer(shared) == pointer(x.array) and shared.strides == x.array.strides
    shared[0, 0] = 7  # the same memory, so the Variable sees the write
    assert x.array[0, 0] == 7


def test_from_dlpack_imports_without_copying():
    array = numpy.arange(12.0).reshape(3, 4)[:, 1::2]  # a strided view
    imported = kusari.from_dlpack(kusari.Variable(array))
    assert type(imported) is numpy.ndarray
    assert pointer(imported) == pointer(array) and imported.strides == array.strides


def test_read_only_arrays_stay_read_only():
    array = numpy.arange(4.0)
    array.flags.writeable = False
    imported = kusari.from_dlpack(kusari.Variable(array))
    assert pointer(imported) == pointer(array) and not imported.flags.writeable
    with pytest.raises(BufferError, match='readonly'):  # a consumer without the flag
        kusari.Variable(array).__dlpack__()


def test_negative_strides_are_refused_not_copied():
    x = kusari.Variable(numpy.arange(4.0)[::-1])
    with pytest.raises(BufferError, match='negative strides'):
        kusari.from_dlpack(x)
    with pytest.raises(BufferError, match='negative strides'):
        x.__dlpack__(max_version=(1, 0))


def test_torch_tensors_both_ways():
    torch = pytest.importorskip('torch')
    tensor = torch.arange(6, dtype=torch.float64).reshape(2, 3).t()
    array = kusari.from_dlpack(tensor)
    assert pointer(array) == tensor.data_ptr()
    assert array.strides == tuple(s * 8 for s in tensor.stride())
    x = kusari.Variable(array)
    back = torch.from_dlpack(x)
    assert back.data_ptr() == pointer(x.array) and back.stride() == tensor.stride()
    with pytest.raises(BufferError, match='negative strides'):
        torch.from_dlpack(kusari.Variable(numpy.arange(3.0)[::-1]))


@pytest.mark.gpu
def test_cupy_arrays_both_ways():
    if not cuda.available:
        pytest.skip('needs CuPy and an NVIDIA GPU')
    cupy = cuda.cupy
    array = cupy.arange(6, dtype=cupy.float32).reshape(2, 3)
    x = kusari.Variable(array)
    assert x.__dlpack_device__() == array.__dlpack_device__()
    shared = cupy.from_dlpack(x)
    assert pointer(shared) == pointer(array)
    if x.__dlpack_device__()[0] == 2:  # a real GPU (the stand-in's memory is the host's)
        imported = kusari.from_dlpack(x)
        assert isinstance(imported, cupy.ndarray) and pointer(imported) == pointer(array)
