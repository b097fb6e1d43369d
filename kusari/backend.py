"""Array backends and devices (Chainer's ``chainer.backend``): NumPy on the CPU, CuPy on GPUs.

A Device knows its array module (``xp``) and how to move arrays onto itself. CuPy is
imported only when a GPU device or a CuPy array is actually involved, so this module
imports (and everything on the CPU works) without CuPy. kusari has neither iDeep nor
ChainerX: :class:`Intel64Device` and :class:`ChainerxDevice` exist for ``isinstance``
checks and raise :class:`NotImplementedError` when asked for.
"""

import contextlib
import sys
import types
import typing

import numpy

_GPU_INSTALL_HINT = ('install kusari[cuda] (the cupy wheel for your CUDA version) on a '
                     'machine with an NVIDIA GPU')


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


def _type_name(value):
    return type(value).__module__ + '.' + type(value).__qualname__


def _is_device_id(value):
    """Whether ``value`` is an integer device id (a bool is not)."""
    return isinstance(value, (int, numpy.integer)) and not isinstance(value, bool)


def get_array_module(*args):
    """The array module for ``args``: ``cupy`` if any is (or holds) a CuPy array, else ``numpy``.

    Args:
        args: arrays, Variables (their arrays count) or any other values.
    """
    cupy = sys.modules.get('cupy')
    if cupy is not None:
        for arg in args:
            arr = getattr(arg, '_array', arg)  # a Variable's array
            if isinstance(arr, cupy.ndarray):
                return cupy
    return numpy


class Device:
    """A place where arrays live, with its array module ``xp``.

    ``with device:`` (or :func:`using_device`) makes it the current device.
    """

    xp = None
    name = None
    supported_array_types = ()

    def __eq__(self, other):
        return type(self) is type(other) and self.name == other.name

    def __hash__(self):
        return hash((type(self), self.name))

    def __repr__(self):
        return '<{} {}>'.format(type(self).__name__, self.name)

    def __str__(self):
        return self.name

    def create_context(self):
        """A context manager in which this device is the current one."""
        return contextlib.nullcontext()

    def __enter__(self):
        context = self.create_context()
        context.__enter__()
        self.__dict__.setdefault('_contexts', []).append(context)
        return self

    def __exit__(self, *exc):
        return self._contexts.pop().__exit__(*exc)

    def use(self):
        """Make this the current device (a no-op on the CPU)."""

    def is_array_supported(self, array):
        """Whether ``array`` is an array of this device."""
        return isinstance(array, self.supported_array_types)

    def send(self, arrays):
        """Move an array, or a (nested) tuple/list/dict of arrays, onto this device.

        None entries stay None; arrays already here are returned as they are.
        """
        if arrays is None:
            return None
        if isinstance(arrays, (list, tuple)):
            return type(arrays)(self.send(a) for a in arrays)
        if isinstance(arrays, dict):
            return {k: self.send(v) for k, v in arrays.items()}
        return self.send_array(arrays)

    def send_array(self, array):
        """Move one array onto this device."""
        raise NotImplementedError


class CpuDevice(Device):
    """The CPU with NumPy arrays (specifier ``'@numpy'``)."""

    xp = numpy
    name = '@numpy'
    supported_array_types = (numpy.ndarray,)

    def __repr__(self):
        return '<CpuDevice (numpy)>'

    @staticmethod
    def from_array(array):
        """A CpuDevice if ``array`` is a NumPy array, else None."""
        return CpuDevice() if isinstance(array, numpy.ndarray) else None

    def send_array(self, array):
        if isinstance(array, numpy.ndarray):
            return array
        if _is_cupy_array(array):
            return array.get()
        if numpy.isscalar(array):
            return numpy.asarray(array)
        raise TypeError('CpuDevice.send: expected a numpy.ndarray, a cupy.ndarray or a '
                        'scalar, got {}'.format(_type_name(array)))


class GpuDevice(Device):
    """An NVIDIA GPU with CuPy arrays (specifier ``'@cupy:N'``).

    Args:
        device (cupy.cuda.Device): the CUDA device.
    """

    def __init__(self, device):
        cupy = _cupy()
        if cupy is None:
            raise RuntimeError('GpuDevice: CuPy is not installed; ' + _GPU_INSTALL_HINT)
        if not isinstance(device, cupy.cuda.Device):
            raise TypeError('GpuDevice: device must be a cupy.cuda.Device, got {} (use '
                            'GpuDevice.from_device_id(N) or kusari.get_device(\'@cupy:N\'))'
                            .format(_type_name(device)))
        self.device = device
        self.xp = cupy
        self.supported_array_types = (cupy.ndarray,)

    @property
    def name(self):
        return '@cupy:{}'.format(self.device.id)

    def __repr__(self):
        return '<GpuDevice (cupy):{}>'.format(self.device.id)

    @property
    def id(self):
        return self.device.id

    @staticmethod
    def from_device_id(device_id=None):
        """The GPU with this id (None: the current one); a clear error if there is none."""
        cupy = _cupy()
        if cupy is None:
            raise RuntimeError('a GPU was requested, but CuPy is not installed; '
                               + _GPU_INSTALL_HINT)
        try:
            count = cupy.cuda.runtime.getDeviceCount()
        except Exception as e:  # CUDA driver missing or broken
            raise RuntimeError('a GPU was requested, but CUDA is not available: {}'
                               .format(e)) from None
        if device_id is None:
            device_id = cupy.cuda.Device().id
        if not _is_device_id(device_id):
            raise TypeError('GpuDevice.from_device_id: device_id must be an int, got {}'
                            .format(_type_name(device_id)))
        if not 0 <= device_id < count:
            raise RuntimeError('GPU {} was requested, but this machine has {} GPU(s)'
                               .format(device_id, count))
        return GpuDevice(cupy.cuda.Device(int(device_id)))

    @staticmethod
    def from_array(array):
        """The GpuDevice holding ``array`` if it is a CuPy array, else None."""
        return GpuDevice(array.device) if _is_cupy_array(array) else None

    def create_context(self):
        return self.device

    def use(self):
        self.device.use()

    def synchronize(self):
        """Wait until every kernel queued on this GPU has finished."""
        self.device.synchronize()

    def send_array(self, array):
        cupy = self.xp
        if isinstance(array, cupy.ndarray):
            if array.device.id == self.device.id:
                return array
            with self.device:
                return cupy.array(array, copy=True)  # a peer copy between GPUs
        if not isinstance(array, numpy.ndarray) and not numpy.isscalar(array):
            raise TypeError('GpuDevice.send: expected a numpy.ndarray, a cupy.ndarray or a '
                            'scalar, got {}'.format(_type_name(array)))
        with self.device:
            return cupy.asarray(array)


def _unavailable(what):
    return NotImplementedError(
        '{} is not available: kusari has no {} backend; use \'@numpy\' (CpuDevice) or '
        '\'@cupy:N\' (GpuDevice)'.format(*what))


class Intel64Device(Device):
    """Stand-in for Chainer's iDeep device: kusari has no iDeep backend."""

    def __init__(self, *args, **kwargs):
        raise _unavailable(('Intel64Device', 'iDeep'))


class ChainerxDevice(Device):
    """Stand-in for Chainer's ChainerX device: kusari has no ChainerX backend."""

    def __init__(self, *args, **kwargs):
        raise _unavailable(('ChainerxDevice', 'ChainerX'))


def to_chx(array):
    """Chainer's NumPy/CuPy-to-ChainerX conversion: unavailable in kusari."""
    raise _unavailable(('to_chx', 'ChainerX'))


def from_chx(array):
    """Chainer's ChainerX-to-NumPy/CuPy conversion. No array of kusari is a ChainerX
    array, so ``array`` (an array, None, or a nested tuple/list/dict) comes back intact."""
    return array


def _device_from_int(device_id):
    return CpuDevice() if device_id < 0 else GpuDevice.from_device_id(device_id)


def _device_from_string(spec):
    if spec.lstrip('-').isdigit():
        return _device_from_int(int(spec))  # command-line style '-1' or '0'
    if spec in ('@numpy', 'native', 'native:0'):
        return CpuDevice()  # ChainerX's native device is the CPU
    backend_name, colon, index = spec.partition(':')
    if (backend_name == '@cupy' and index.isdigit()
            or backend_name == 'cuda' and (not colon or index.isdigit())):
        return GpuDevice.from_device_id(int(index) if colon else 0)
    if spec == '@intel64':
        raise _unavailable(('get_device(\'@intel64\')', 'iDeep'))
    if not spec.startswith('@'):
        raise ChainerxSpecifierError(
            'get_device: invalid device specifier {!r}: without \'@\' it would name a ChainerX '
            'device, and ChainerX is not available in kusari (use \'@numpy\' or '
            '\'@cupy:N\')'.format(spec))
    return None


class ChainerxSpecifierError(RuntimeError, ValueError):
    """A device specifier of ChainerX's form: a RuntimeError as in Chainer without
    ChainerX, and a ValueError as any invalid specifier."""


def get_device(device_spec):
    """The Device a specifier names.

    Args:
        device_spec: a :class:`Device` (returned as it is); None or ``'@numpy'``; ``'@cupy:N'``;
            an int or int string (negative: the CPU; N: GPU N); the ``numpy`` or ``cupy``
            module, or ``(module, N)``; a ``cupy.cuda.Device``; ChainerX-style
            ``'native'``/``'native:0'`` (the CPU) and ``'cuda:N'`` (GPU N).

    Raises:
        ValueError: not a device specifier.
        RuntimeError: a GPU was named, but CuPy or the GPU is missing.
    """
    if isinstance(device_spec, Device):
        return device_spec
    device = None
    if device_spec is None:
        device = CpuDevice()
    elif isinstance(device_spec, bool):
        device = None
    elif isinstance(device_spec, (int, numpy.integer)):
        device = _device_from_int(int(device_spec))
    elif isinstance(device_spec, str):
        device = _device_from_string(device_spec)
    elif isinstance(device_spec, types.ModuleType):
        device = _device_from_module(device_spec, None)
    elif isinstance(device_spec, tuple) and len(device_spec) == 2 and isinstance(
            device_spec[1], (int, numpy.integer)) and not isinstance(device_spec[1], bool):
        module, index = device_spec
        if isinstance(module, types.ModuleType):
            device = _device_from_module(module, int(index))
    else:
        from kusari import cuda  # it imports this module
        if isinstance(device_spec, cuda.DummyDeviceType):  # the CPU, as in Chainer
            device = CpuDevice()
        cupy = sys.modules.get('cupy')
        if cupy is not None and isinstance(device_spec, cupy.cuda.Device):
            device = GpuDevice(device_spec)
    if device is None:
        raise ValueError('get_device: invalid device specifier {!r} (use \'@numpy\', '
                         '\'@cupy:N\', -1 or N)'.format(device_spec))
    return device


def _device_from_module(module, index):
    if module is numpy:
        return CpuDevice() if index in (None, 0) else None
    if module is sys.modules.get('cupy'):
        return GpuDevice.from_device_id(index)
    return None


def get_device_from_array(*arrays):
    """The device of the first CuPy array among ``arrays`` (Variables count), else the CPU."""
    for array in arrays:
        array = getattr(array, '_array', array)
        if _is_cupy_array(array):
            return GpuDevice.from_array(array)
    return CpuDevice()


def _variable_device(var):
    """The device ``to_device`` last sent ``var`` to (a custom Device too, which its array
    does not name), while the array is still one of that device's; else the array's."""
    device = var.__dict__.get('_device')
    array = var._array
    if device is not None and (array is None or device.is_array_supported(array)):
        return device
    return get_device_from_array(array)


def copyto(dst, src):
    """Copy ``src`` into the array ``dst`` in place, across devices if needed.

    Args:
        dst (numpy.ndarray or cupy.ndarray): destination.
        src: an array on any device, or a scalar; broadcast to ``dst``'s shape.
    """
    if isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, CpuDevice().send_array(src))
    elif _is_cupy_array(dst):
        cupy = sys.modules['cupy']
        device = GpuDevice(dst.device)
        with device:
            cupy.copyto(dst, device.send_array(src))
    else:
        raise TypeError('copyto: dst must be a numpy.ndarray or cupy.ndarray, got {}'
                        .format(_type_name(dst)))


def using_device(device_spec):
    """Context in which the device ``device_spec`` names is the current device (the
    specifier is checked right away, not on entering)."""
    return get_device(device_spec).create_context()


def to_dlpack(array, **kwargs):
    """``array.__dlpack__(**kwargs)``: the array's memory, shared, never copied.

    A read-only NumPy array is exported with DLPack 1.0's read-only flag (to a consumer
    too old for the flag, NumPy refuses it). An array with negative strides is refused
    with a BufferError: DLPack allows them, but consumers such as PyTorch cannot take
    them (PyTorch 2.13 aborts the process), and a silent copy would no longer share memory.
    """
    if any(stride < 0 for stride in array.strides):
        raise BufferError('an array with negative strides (shape {}, strides {}) is not '
                          'exported through DLPack; pass a copy (xp.ascontiguousarray) '
                          'instead'.format(array.shape, array.strides))
    return array.__dlpack__(**kwargs)


def from_dlpack(obj):
    """The NumPy (CPU) or CuPy (GPU) array sharing the memory of ``obj``, an object with
    ``__dlpack__`` (a PyTorch tensor, a JAX array, a kusari Variable, ...); never a copy.

    A read-only producer gives a read-only array. A CPU tensor becomes a NumPy array, a
    CUDA one a CuPy array on the same device; any other device is a BufferError.
    """
    device_type, _ = obj.__dlpack_device__()
    if device_type == 1:  # kDLCPU
        return numpy.from_dlpack(obj, copy=False)
    if device_type == 2:  # kDLCUDA
        cupy = _cupy()
        if cupy is None:
            raise RuntimeError('from_dlpack of a CUDA array needs CuPy: ' + _GPU_INSTALL_HINT)
        return cupy.from_dlpack(obj)
    raise BufferError('from_dlpack: kusari has no array type for DLPack device type {}'.format(
        device_type))


def is_array_supported(array):
    """Whether ``array`` is an array kusari computes on (NumPy or CuPy)."""
    return isinstance(array, numpy.ndarray) or _is_cupy_array(array)



# Chainer's ``chainer.backend`` module also carries the backend modules as attributes
# (``from chainer.backend import cuda``). They import this module, so they are loaded
# on first access rather than at import time.
if typing.TYPE_CHECKING:
    from kusari import cuda as cuda
    from kusari.backends import intel64 as intel64
else:
    _BACKEND_MODULES = {'cuda': 'kusari.cuda', 'intel64': 'kusari.backends.intel64'}

    def __getattr__(name):
        if name in _BACKEND_MODULES:
            import importlib
            return importlib.import_module(_BACKEND_MODULES[name])
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
