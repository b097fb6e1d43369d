"""Array backends and devices: NumPy on the CPU, CuPy on NVIDIA GPUs.

A Device knows its array module (``xp``) and how to move arrays onto itself. CuPy is
imported only when a GPU device or a CuPy array is actually involved.
"""

import contextlib
import sys

import numpy


def _cupy():
    """The cupy module, or None when CuPy is not installed."""
    if 'cupy' in sys.modules:
        return sys.modules['cupy']
    try:
        import cupy
    except ImportError:
        return None
    return cupy


def _is_cupy_array(array):
    cupy = sys.modules.get('cupy')
    return cupy is not None and isinstance(array, cupy.ndarray)


def get_array_module(*args):
    """``cupy`` if any argument is (or holds) a CuPy array, else ``numpy``."""
    cupy = sys.modules.get('cupy')
    if cupy is not None:
        for arg in args:
            arr = getattr(arg, '_array', arg)  # a Variable's array
            if isinstance(arr, cupy.ndarray):
                return cupy
    return numpy


class Device:
    """A place where arrays live, with its array module ``xp``."""

    xp = None
    name = None
    supported_array_types = ()

    def __eq__(self, other):
        return type(self) is type(other) and self.name == other.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return '<{} {}>'.format(type(self).__name__, self.name)

    def __str__(self):
        return self.name

    def create_context(self):
        return contextlib.nullcontext()

    def __enter__(self):
        self._context = self.create_context()
        self._context.__enter__()
        return self

    def __exit__(self, *exc):
        return self._context.__exit__(*exc)

    def use(self):
        """Make this the current device (a no-op on the CPU)."""

    def is_array_supported(self, array):
        return isinstance(array, self.supported_array_types)

    def send(self, arrays):
        """Move an array, or a (nested) tuple/list/dict of arrays, onto this device."""
        if arrays is None:
            return None
        if isinstance(arrays, (list, tuple)):
            return type(arrays)(self.send(a) for a in arrays)
        if isinstance(arrays, dict):
            return {k: self.send(v) for k, v in arrays.items()}
        return self.send_array(arrays)

    def send_array(self, array):
        raise NotImplementedError


class CpuDevice(Device):
    """The CPU with NumPy arrays."""

    xp = numpy
    name = '@numpy'
    supported_array_types = (numpy.ndarray,)

    def send_array(self, array):
        if isinstance(array, numpy.ndarray):
            return array
        if _is_cupy_array(array):
            return array.get()
        return numpy.asarray(array)


class GpuDevice(Device):
    """An NVIDIA GPU with CuPy arrays."""

    def __init__(self, device):
        self.device = device
        self.xp = sys.modules['cupy']
        self.supported_array_types = (self.xp.ndarray,)

    @property
    def name(self):
        return '@cupy:{}'.format(self.device.id)

    @property
    def id(self):
        return self.device.id

    @staticmethod
    def from_device_id(device_id=None):
        cupy = _cupy()
        if cupy is None:
            raise RuntimeError('a GPU was requested, but CuPy is not installed; install '
                               'kusari[cuda] (the cupy wheel for your CUDA version)')
        try:
            count = cupy.cuda.runtime.getDeviceCount()
        except Exception as e:  # CUDA driver missing
            raise RuntimeError('a GPU was requested, but CUDA is not available: {}'.format(e))
        if device_id is None:
            device_id = cupy.cuda.Device().id
        if not 0 <= device_id < count:
            raise RuntimeError('GPU {} was requested, but this machine has {} GPU(s)'
                               .format(device_id, count))
        return GpuDevice(cupy.cuda.Device(device_id))

    @staticmethod
    def from_array(array):
        return GpuDevice(array.device)

    def create_context(self):
        return self.device

    def use(self):
        self.device.use()

    def send_array(self, array):
        cupy = self.xp
        if isinstance(array, cupy.ndarray) and array.device.id == self.device.id:
            return array
        with self.device:
            return cupy.asarray(array)


def get_device(device_spec):
    """Device from a specifier: a Device, ``'@numpy'``, ``'@cupy:N'``, ``-1`` or ``N``."""
    if isinstance(device_spec, Device):
        return device_spec
    if device_spec is None or (isinstance(device_spec, int) and device_spec < 0):
        return CpuDevice()
    if isinstance(device_spec, int):
        return GpuDevice.from_device_id(device_spec)
    if isinstance(device_spec, str) and device_spec.lstrip('-').isdigit():
        return get_device(int(device_spec))  # command-line style '-1' or '0'
    if isinstance(device_spec, str):
        if device_spec in ('@numpy', 'native', 'native:0', 'cpu'):
            return CpuDevice()
        if device_spec.startswith('@cupy'):
            _, _, index = device_spec.partition(':')
            return GpuDevice.from_device_id(int(index) if index else 0)
    cupy = sys.modules.get('cupy')
    if cupy is not None and isinstance(device_spec, cupy.cuda.Device):
        return GpuDevice(device_spec)
    raise ValueError('invalid device specifier: {!r} (use \'@numpy\', \'@cupy:N\', -1 or N)'
                     .format(device_spec))


def get_device_from_array(*arrays):
    """The device holding the first CuPy array among ``arrays``, else the CPU."""
    for array in arrays:
        array = getattr(array, '_array', array)
        if _is_cupy_array(array):
            return GpuDevice.from_array(array)
    return CpuDevice()


def copyto(dst, src):
    """Copy ``src`` into the array ``dst`` in place, across devices if needed."""
    if isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, CpuDevice().send_array(src))
    elif _is_cupy_array(dst):
        cupy = sys.modules['cupy']
        cupy.copyto(dst, GpuDevice(dst.device).send_array(src))
    else:
        raise TypeError('copyto: cannot copy into {}'.format(type(dst).__name__))


@contextlib.contextmanager
def using_device(device_spec):
    """Context in which ``device_spec`` is the current device."""
    with get_device(device_spec):
        yield


def is_array_supported(array):
    return isinstance(array, numpy.ndarray) or _is_cupy_array(array)
