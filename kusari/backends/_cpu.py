"""The CPU backend (Chainer's ``chainer.backends._cpu``): its device and the conversion
of arrays to NumPy."""

from kusari.backend import CpuDevice  # NOQA


def _to_cpu(array):
    """``array`` (an array, a scalar, None, or a list/tuple of them) as NumPy."""
    return CpuDevice().send(array)


def _array_to_cpu(array):
    """One array (or a scalar, or None) as NumPy."""
    return None if array is None else CpuDevice().send_array(array)
