"""Chainer's ``chainer.cuda`` / ``chainer.backends.cuda``: CuPy helpers.

Importing this module never requires CuPy or a GPU: ``available`` tells whether one
can be used, and everything that needs one raises a RuntimeError saying what is
missing. Without CuPy, ``ndarray``, ``Device``, ``Event`` and ``Stream`` are
placeholder classes that no object is an instance of.
"""

import functools
import itertools
import os
import threading
import warnings

import numpy

from kusari import backend
from kusari.configuration import config

cupy = backend._cupy()
GpuDevice = backend.GpuDevice


def _import_optional(*names):
    """The first of the modules ``names`` that imports, else None."""
    import importlib
    for name in names:
        try:
            return importlib.import_module(name)
        except Exception:  # ImportError, or a CUDA library failing to load
            continue
    return None


def _device_count():
    try:
        return cupy.cuda.runtime.getDeviceCount()
    except Exception:  # no driver, or no device
        return 0


available = cupy is not None and _device_count() > 0
cupyx = _import_optional('cupyx') if cupy is not None else None
cudnn = _import_optional('cupyx.cudnn', 'cupy.cudnn') if available else None
libcudnn = _import_optional('cupy_backends.cuda.libs.cudnn', 'cupy.cuda.cudnn') if (
    cudnn is not None) else None
_cudnn_allowed = os.environ.get('KUSARI_CUDNN', os.environ.get('CHAINER_CUDNN', '1')) != '0'
cudnn_enabled = available and cudnn is not None and _cudnn_allowed


def _cudnn_version():
    try:
        return libcudnn.getVersion() if cudnn_enabled else -1
    except Exception:
        return -1


_CUDNN_VERSION = _cudnn_version()


def _placeholder(name):
    def __init__(self, *args, **kwargs):
        check_cuda_available()
    doc = 'Placeholder for ``cupy.{}`` when CuPy is not installed.'.format(name)
    return type(name, (), {'__init__': __init__, '__doc__': doc})


if cupy is not None:
    ndarray = cupy.ndarray
    Device = cupy.cuda.Device
    Event = cupy.cuda.Event
    Stream = cupy.cuda.Stream
    memory_pool = cupy.get_default_memory_pool()
    pinned_memory_pool = cupy.get_default_pinned_memory_pool()
else:
    ndarray = _placeholder('ndarray')
    Device = _placeholder('Device')
    Event = _placeholder('Event')
    Stream = _placeholder('Stream')
    memory_pool = None
    pinned_memory_pool = None


class DummyDeviceType:
    """The CPU stand-in for a CUDA device: ``with DummyDevice:`` does nothing."""

    id = -1

    def __int__(self):
        return -1

    def __bool__(self):
        return False

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

    def __repr__(self):
        return '<DummyDevice (CPU)>'


DummyDevice = DummyDeviceType()


def check_cuda_available():
    """Raise RuntimeError, saying what is missing, unless CuPy can use a GPU."""
    if cupy is None:
        raise RuntimeError('CUDA environment is not correctly set up: CuPy is not installed; '
                           + backend._GPU_INSTALL_HINT)
    if not available:
        raise RuntimeError('CUDA environment is not correctly set up: CuPy is installed but '
                           'sees no GPU (is the NVIDIA driver loaded?)')


def get_array_module(*args):
    """``cupy`` if any argument is (or holds) a CuPy array, else ``numpy``."""
    return backend.get_array_module(*args)


def get_device_from_id(device_id):
    """The ``cupy.cuda.Device`` with this id; :data:`DummyDevice` for None or a negative id."""
    if device_id is None or (backend._is_device_id(device_id) and device_id < 0):
        return DummyDevice
    if not backend._is_device_id(device_id):
        raise TypeError('get_device_from_id: device_id must be an int or None, got {}'
                        .format(backend._type_name(device_id)))
    check_cuda_available()
    return Device(int(device_id))


def get_device_from_array(*arrays):
    """The device of the first CuPy array among ``arrays``, else :data:`DummyDevice`.

    Like Chainer's, it looks only at arrays, not at Variables.
    """
    for array in arrays:
        if cupy is not None and isinstance(array, cupy.ndarray):
            return array.device
    return DummyDevice


def get_device(*args):
    """Deprecated: the device of the first int, CUDA device or CuPy array in ``args``.

    Use :func:`get_device_from_id` or :func:`get_device_from_array` instead.
    """
    warnings.warn('kusari.cuda.get_device is deprecated; use get_device_from_id or '
                  'get_device_from_array', DeprecationWarning, stacklevel=2)
    for arg in args:
        if backend._is_device_id(arg):
            return get_device_from_id(arg)
        if cupy is not None and isinstance(arg, cupy.ndarray):
            return arg.device
        if cupy is not None and isinstance(arg, cupy.cuda.Device):
            return arg
    return DummyDevice


def _gpu_device(device):
    if device is None or backend._is_device_id(device):
        return backend.GpuDevice.from_device_id(None if device is None else int(device))
    if cupy is not None and isinstance(device, cupy.cuda.Device):
        return backend.GpuDevice(device)
    raise TypeError('to_gpu: device must be None, an int or a cupy.cuda.Device, got {}'
                    .format(backend._type_name(device)))


def to_gpu(array, device=None, stream=None):
    """Copy an array (or a list/tuple of arrays) to a GPU.

    Args:
        array: NumPy or CuPy array, scalar, None, or a (nested) list/tuple of them.
        device: GPU id, ``cupy.cuda.Device``, or None for the current GPU.
        stream (cupy.cuda.Stream): the stream for the copy (None: the current one).
    """
    check_cuda_available()
    target = _gpu_device(device)
    if stream is None:
        return target.send(array)
    with stream:
        return target.send(array)


def to_cpu(array, stream=None):
    """Copy an array (or a list/tuple of arrays) to the host as NumPy arrays.

    Args:
        array: NumPy or CuPy array, scalar, None, or a (nested) list/tuple of them.
        stream (cupy.cuda.Stream): the stream for the copy (None: the current one).
    """
    if stream is None:
        return backend.CpuDevice().send(array)
    with stream:
        return backend.CpuDevice().send(array)


def copy(array, out=None, out_device=None, stream=None):
    """Copy a CuPy array into ``out``, or into a new array on ``out_device``.

    Args:
        array (cupy.ndarray): the source.
        out (cupy.ndarray): the destination, or None for a new array.
        out_device: GPU id or ``cupy.cuda.Device`` of the new array (None: ``array``'s).
        stream (cupy.cuda.Stream): the stream for the copy (None: the current one).
    """
    check_cuda_available()
    if out is None:
        target = array.device if out_device is None else _gpu_device(out_device).device
        with target:
            out = cupy.empty_like(array)
    with (stream if stream is not None else DummyDevice):
        with out.device:
            cupy.copyto(out, backend.GpuDevice(out.device).send_array(array))
    return out


# -- kernels and memoization -------------------------------------------------------------

_memos = []
_memos_lock = threading.Lock()


def memoize(for_each_device=False):
    """Decorator caching a function's result per positional and keyword arguments.

    Args:
        for_each_device (bool): keep one cache entry per current GPU (kernels,
            device constants).
    """
    def decorator(function):
        cache = {}
        with _memos_lock:
            _memos.append(cache)

        @functools.wraps(function)
        def memoized(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items())))
            if for_each_device:
                key += (cupy.cuda.Device().id if available else -1,)
            try:
                return cache[key]
            except KeyError:
                result = cache[key] = function(*args, **kwargs)
                return result
        return memoized
    return decorator


def clear_memo():
    """Empty every :func:`memoize` cache (and CuPy's own)."""
    with _memos_lock:
        for cache in _memos:
            cache.clear()
    if cupy is not None:
        cupy.clear_memo()


@memoize()
def _elementwise_kernel(in_params, out_params, operation, name, options):
    return cupy.ElementwiseKernel(in_params, out_params, operation, name, **dict(options))


@memoize()
def _reduction_kernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                      name, options):
    return cupy.ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr,
                                identity, name, **dict(options))


@memoize()
def _raw_kernel(code, name, args, options):
    return cupy.RawKernel(code, name, *args, **dict(options))


def elementwise(in_params, out_params, operation, name, **kwargs):
    """A cached ``cupy.ElementwiseKernel`` (one compile per distinct definition)."""
    check_cuda_available()
    return _elementwise_kernel(in_params, out_params, operation, name,
                               tuple(sorted(kwargs.items())))


def reduce(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name,
           **kwargs):
    """A cached ``cupy.ReductionKernel`` (one compile per distinct definition)."""
    check_cuda_available()
    return _reduction_kernel(in_params, out_params, map_expr, reduce_expr, post_map_expr,
                             identity, name, tuple(sorted(kwargs.items())))


def raw(code, name, *args, **kwargs):
    """A cached ``cupy.RawKernel`` for CUDA source ``code`` and kernel ``name``."""
    check_cuda_available()
    return _raw_kernel(code, name, args, tuple(sorted(kwargs.items())))


def fuse(*args, **kwargs):
    """``cupy.fuse`` where CuPy can use a GPU (fused functions still accept NumPy arrays);
    without one, the function itself. Usable as ``@fuse`` and ``@fuse(kernel_name=...)``."""
    if available:
        return cupy.fuse(*args, **kwargs)
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda function: function


# -- cuDNN ----------------------------------------------------------------------------

_SHOULD_USE_CUDNN = {
    '==always': {'always': True, 'auto': False, 'never': False},
    '>=auto': {'always': True, 'auto': True, 'never': False},
}


def should_use_cudnn(level, lowest_version=0):
    """Whether to call cuDNN, given ``config.use_cudnn`` and the installed cuDNN.

    Args:
        level (str): ``'==always'`` (only when ``use_cudnn`` is 'always') or
            ``'>=auto'`` (when it is 'always' or 'auto').
        lowest_version (int): the oldest cuDNN version (e.g. 7000) that will do.
    """
    if level not in _SHOULD_USE_CUDNN:
        raise ValueError('should_use_cudnn: level must be \'==always\' or \'>=auto\', got {!r}'
                         .format(level))
    if config.use_cudnn not in _SHOULD_USE_CUDNN[level]:
        raise ValueError('config.use_cudnn must be \'always\', \'auto\' or \'never\', got {!r}'
                         .format(config.use_cudnn))
    if not cudnn_enabled or _CUDNN_VERSION < lowest_version:
        return False
    return _SHOULD_USE_CUDNN[level][config.use_cudnn]


def should_use_cudnn_tensor_core(dtype):
    """Whether cuDNN should use Tensor Cores for ``dtype`` (``config.use_cudnn_tensor_core``:
    'always', 'never', or 'auto': float16 on a GPU of compute capability 7.0 or newer)."""
    mode = config.use_cudnn_tensor_core
    if mode not in ('always', 'auto', 'never'):
        raise ValueError('config.use_cudnn_tensor_core must be \'always\', \'auto\' or '
                         '\'never\', got {!r}'.format(mode))
    if mode != 'auto':
        return mode == 'always'
    if not cudnn_enabled or numpy.dtype(dtype) != numpy.float16:
        return False
    return int(cupy.cuda.Device().compute_capability) >= 70


_max_workspace_size = 8 * 1024 * 1024


def get_max_workspace_size():
    """The most GPU memory (bytes) cuDNN may use as workspace per call."""
    return _max_workspace_size


def set_max_workspace_size(size):
    """Set the most GPU memory (bytes) cuDNN may use as workspace per call."""
    global _max_workspace_size
    if isinstance(size, bool) or not isinstance(size, (int, numpy.integer)) or size < 0:
        raise ValueError('set_max_workspace_size: size must be a non-negative int, got {!r}'
                         .format(size))
    _max_workspace_size = int(size)
    if cudnn_enabled and hasattr(cudnn, 'set_max_workspace_size'):
        cudnn.set_max_workspace_size(_max_workspace_size)


_dropout_states_count = itertools.count()


@memoize(for_each_device=True)
def get_cudnn_dropout_states_core(thread_id):
    """cuDNN dropout states for one thread on the current GPU, seeded by ``KUSARI_SEED``."""
    if not cudnn_enabled:
        raise RuntimeError('cuDNN dropout states need cuDNN through CuPy, which is not '
                           'available here')
    seed = int(os.environ.get('KUSARI_SEED', os.environ.get('CHAINER_SEED', '0')))
    return cudnn.DropoutStates(None, seed + next(_dropout_states_count))


def get_cudnn_dropout_states():
    """cuDNN dropout states for the calling thread on the current GPU."""
    return get_cudnn_dropout_states_core(threading.get_ident())
