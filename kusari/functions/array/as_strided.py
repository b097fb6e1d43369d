"""A strided view of the memory buffer under a variable's array (Chainer's as_strided).

Shapes, strides and offsets count elements, not bytes. The view reads the buffer that
``x``'s array is a view of (its own layout is ignored), as in Chainer. The gradient is
computed on that buffer and read back through ``x``'s layout; buffer elements that
``x`` shows several times share their gradient equally (PyTorch's "layout-agnostic"
gradient, which Chainer follows).
"""

import numbers

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array._flat_gather import FlatScatterAdd, flat_gather


def _root(array):
    """The array that owns the memory ``array`` views."""
    while isinstance(array.base, type(array)):
        array = array.base
    return array


def _data_pointer(array):
    if isinstance(array, numpy.ndarray):
        return array.__array_interface__['data'][0]
    return array.data.ptr


def _layout(array):
    """``(offset, strides)`` of ``array`` in elements of its root buffer."""
    itemsize = array.itemsize
    offset = (_data_pointer(array) - _data_pointer(_root(array))) // itemsize
    return offset, tuple(s // itemsize for s in array.strides)


def _index_range(shape, strides, offset):
    """Lowest and highest element index a view of ``shape`` and ``strides`` touches."""
    spans = [(n - 1) * s for n, s in zip(shape, strides)]
    return (offset + sum(s for s in spans if s < 0),
            offset + sum(s for s in spans if s > 0))


def _memory_indices(shape, strides, offset):
    """For each element of a view, the index of the buffer element it shows."""
    indices = numpy.full(shape, offset, dtype=numpy.intp)
    for axis, (n, s) in enumerate(zip(shape, strides)):
        step = numpy.arange(n, dtype=numpy.intp) * s
        indices += step.reshape((n,) + (1,) * (len(shape) - axis - 1))
    return indices


def _stride_array(array, shape, strides, storage_offset):
    """A view of ``shape`` on the buffer under ``array`` (strides and offset in elements).

    Raises ValueError when the view would reach outside the buffer.
    """
    root = _root(array)
    lowest, highest = _index_range(shape, strides, storage_offset)
    if 0 not in shape and (lowest < 0 or highest >= root.size):
        raise ValueError(
            'as_strided: a view of shape {} with strides {} and offset {} reaches elements '
            '{} to {} of a buffer of {}'.format(shape, strides, storage_offset, lowest,
                                                highest, root.size))
    itemsize = array.itemsize
    byte_strides = tuple(s * itemsize for s in strides)
    if isinstance(root, numpy.ndarray):
        return numpy.ndarray(shape, root.dtype, root, storage_offset * itemsize, byte_strides)
    # CuPy: the root owns its buffer, so its flat reshape is a view of that buffer.
    start = root.reshape(-1)[storage_offset:]
    return get_array_module(root).lib.stride_tricks.as_strided(start, shape, byte_strides)


class AsStrided(core.FunctionNode):

    def __init__(self, shape, strides, storage_offset):
        self.shape = shape
        self.strides = strides
        self.storage_offset = storage_offset

    def forward(self, inputs):
        x, = inputs
        self._input_layout = x.shape, _layout(x)
        return _stride_array(x, self.shape, self.strides, self.storage_offset),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        if gy.dtype.kind != 'f':
            raise TypeError('as_strided: gradients exist for float arrays only, got {}'.format(
                gy.dtype))
        x_shape, (x_offset, x_strides) = self._input_layout
        out = _memory_indices(self.shape, self.strides, self.storage_offset)
        into = _memory_indices(x_shape, x_strides, x_offset)
        size = max(out.max(initial=-1), into.max(initial=-1)) + 1
        # The index arithmetic stays on the host; only the gathers run on gy's device.
        uses = numpy.bincount(into.ravel(), minlength=size)[into]
        xp = get_array_module(gy.array)
        buffer_grad, = FlatScatterAdd(xp.asarray(out), (size,)).apply((gy,))
        gx = flat_gather(buffer_grad, xp.asarray(into))
        if (uses > 1).any():
            gx = gx * xp.asarray((1 / uses).astype(gy.dtype))
        return gx,


def as_strided(x, shape, strides, storage_offset=None):
    """Creates a view of the memory buffer under ``x`` with a given shape and strides.

    The buffer is the one ``x``'s array views, read from its start: ``x``'s own shape
    and strides are ignored, and ``storage_offset`` (None: where ``x`` starts in the
    buffer) and ``strides`` count elements, not bytes (unlike
    ``numpy.lib.stride_tricks.as_strided``). Elements the view uses several times
    receive the sum of their gradients.

    Args:
        x (Variable or array): the array whose buffer is viewed, of any shape.
        shape (tuple of int): shape of the output.
        strides (tuple of int): step, in elements, along each output axis.
        storage_offset (int): index of the output's first element in the buffer.

    Returns:
        Variable: the strided variable, of shape ``shape`` and ``x``'s dtype.
    """
    shape = tuple(int(s) for s in shape)
    strides = tuple(int(s) for s in strides)
    if len(shape) != len(strides):
        fail('as_strided', 'strides', 'one stride per axis of shape {}'.format(shape), strides)
    if any(n < 0 for n in shape):
        fail('as_strided', 'shape', 'non-negative sizes', shape)
    if storage_offset is not None and (
            not isinstance(storage_offset, numbers.Integral) or storage_offset < 0):
        fail('as_strided', 'storage_offset', 'a non-negative int', storage_offset)
    offset = _layout(core.as_array(x))[0] if storage_offset is None else int(storage_offset)
    return AsStrided(shape, strides, offset).apply((x,))[0]
