"""Moving NumPy/CuPy arrays through MPI: checks, host staging and the way back.

MPI sees host memory only (kusari does not assume a CUDA-aware MPI), so CuPy arrays
travel as host copies together with a flag that puts them back on the current GPU
of the receiving process.
"""

import sys

import numpy

from kusari import backend


def is_array(x):
    return isinstance(x, numpy.ndarray) or backend._is_cupy_array(x)


def check_array(caller, name, x):
    """Raise a TypeError unless ``x`` is a NumPy or CuPy array."""
    if not is_array(x):
        raise TypeError('{}: {} must be a NumPy or CuPy array, not {}'.format(
            caller, name, type(x).__name__))


def as_array_list(caller, data):
    """``(arrays, is_tuple)`` for an array or a tuple/list of arrays."""
    if is_array(data):
        return [data], False
    if isinstance(data, (tuple, list)):
        for i, x in enumerate(data):
            check_array(caller, 'element {} of the data'.format(i), x)
        return list(data), True
    raise TypeError('{}: the data must be an array or a tuple/list of arrays, not {}'
                    .format(caller, type(data).__name__))


def to_message(x):
    """A picklable ``(host_array, on_gpu)`` pair for an array."""
    on_gpu = backend._is_cupy_array(x)
    return (x.get() if on_gpu else numpy.asarray(x)), on_gpu


def from_message(message):
    """The array of a ``to_message`` pair, on the current GPU if it came from one."""
    host, on_gpu = message
    if on_gpu:
        cupy = sys.modules.get('cupy') or backend._cupy()
        if cupy is None:
            raise RuntimeError('received an array that was sent from a GPU, but CuPy is '
                               'not installed in this process')
        return cupy.asarray(host)
    return host


def to_host(x):
    """A C-contiguous host copy (or the array itself when it already is one)."""
    if backend._is_cupy_array(x):
        return x.get()
    return numpy.ascontiguousarray(x)


def write_back(dst, src):
    """Copy the host array ``src`` into ``dst`` (NumPy or CuPy) in place."""
    backend.copyto(dst, src.reshape(dst.shape))


def store_grad(param, values):
    """Make ``values`` (a host array) the gradient of ``param``: in place when the
    gradient array can be written, else as a new array (backprop may leave read-only
    broadcast views as gradients)."""
    grad = param.grad
    if isinstance(grad, numpy.ndarray) and not grad.flags.writeable:
        param.grad = values.reshape(grad.shape).astype(grad.dtype)
    else:
        write_back(grad, values)


def reduction_dtype(caller, dtype):
    """The dtype MPI sums ``dtype`` in: float16 (which MPI lacks) in float32."""
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'iufc':
        raise TypeError('{}: arrays of dtype {} cannot be summed; use a numeric dtype'
                        .format(caller, dtype))
    return numpy.dtype(numpy.float32) if dtype == numpy.float16 else dtype
