"""Arrays as MPI buffers (``chainermn.communicators._memory_utility``).

kusari's communicators stage GPU arrays through host memory (see ``_arrays``); these
helpers are for programs that call mpi4py's buffer methods (``Bcast``, ``Allreduce``...)
on arrays themselves, which for CuPy arrays needs a CUDA-aware MPI.
"""

import ctypes

import numpy

from kusari import backend
from kusari.distributed import _mpi


def get_device_memory_pointer(array):
    """A buffer over the memory of ``array``: the array itself (made C-contiguous) for
    NumPy, a ctypes byte array at its device address for CuPy."""
    if backend._is_cupy_array(array):
        array = backend._cupy().ascontiguousarray(array)
        return ctypes.cast(array.data.ptr, ctypes.POINTER(ctypes.c_ubyte * array.nbytes)).contents
    if not isinstance(array, numpy.ndarray):
        raise ValueError('{} is not an array of a supported module (NumPy or CuPy)'.format(
            type(array).__name__))
    return numpy.ascontiguousarray(array)


def array_to_buffer_object(array, mpi_dtype=None):
    """What mpi4py's buffer methods take for ``array``: the NumPy array itself (its
    dtype tells MPI the element type), or ``(device buffer, mpi_dtype)`` for CuPy
    (``mpi_dtype`` defaults to ``MPI.FLOAT``)."""
    if not backend._is_cupy_array(array):
        return get_device_memory_pointer(array)
    if mpi_dtype is None:
        mpi_dtype = _mpi.import_mpi().FLOAT
    return get_device_memory_pointer(array), mpi_dtype
