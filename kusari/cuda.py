"""Chainer's ``chainer.cuda`` / ``chainer.backends.cuda``: CuPy helpers.

Importing this module never requires CuPy; ``available`` tells whether a GPU can be used.
"""

import numpy

from kusari import backend

cupy = backend._cupy()


def _check_available():
    if cupy is None:
        return False
    try:
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


available = _check_available()
cudnn_enabled = available and getattr(cupy, 'cudnn', None) is not None


class DummyDeviceType:
    """The CPU stand-in for a CUDA device (``with DummyDevice:`` does nothing)."""

    id = -1

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    def use(self):
        pass

    def synchronize(self):
        pass

    def __eq__(self, other):
        return isinstance(other, DummyDeviceType)

    def __hash__(self):
        return hash(DummyDeviceType)


DummyDevice = DummyDeviceType()


def check_cuda_available():
    if not available:
        raise RuntimeError('CUDA environment is not correctly set up: install CuPy (kusari[cuda]) '
                           'on a machine with an NVIDIA GPU')


def get_array_module(*args):
    return backend.get_array_module(*args)


def get_device_from_id(device_id):
    if device_id is None:
        return DummyDevice
    check_cuda_available()
    return cupy.cuda.Device(device_id)


def get_device_from_array(*arrays):
    for array in arrays:
        if cupy is not None and isinstance(array, cupy.ndarray):
            return array.device
    return DummyDevice


def to_gpu(array, device=None, stream=None):
    """Copy an array (or a list/tuple of arrays) to the GPU ``device``."""
    check_cuda_available()
    return backend.GpuDevice.from_device_id(
        device if isinstance(device, int) or device is None else device.id).send(array)


def to_cpu(array, stream=None):
    """Copy an array (or a list/tuple of arrays) to the host as NumPy arrays."""
    if array is None:
        return None
    if isinstance(array, (list, tuple)):
        return type(array)(to_cpu(a) for a in array)
    if isinstance(array, numpy.ndarray):
        return array
    if numpy.isscalar(array):
        return numpy.asarray(array)
    return backend.CpuDevice().send(array)


def copy(array, out=None, out_device=None, stream=None):
    check_cuda_available()
    if out is None:
        with get_device_from_id(out_device):
            out = cupy.empty_like(array)
    out[...] = array
    return out
