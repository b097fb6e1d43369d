"""Moving examples' arrays from worker processes through shared memory.

Each prefetched batch gets a slot: a shared buffer with ``shared_mem`` bytes for each
example. A worker copies the arrays of its example (the example itself, or the items
of a tuple, list or dict) into the example's region and sends back only their place,
shape and dtype; the main process copies them out. Arrays that do not fit are sent
through the pool's pipe as usual.
"""

from multiprocessing import sharedctypes

import numpy

_ALIGNMENT = 64


class PackedArray:
    """An array left in a shared buffer: its offset, shape and dtype."""

    __slots__ = ('offset', 'shape', 'dtype')

    def __init__(self, offset, shape, dtype):
        self.offset = offset
        self.shape = shape
        self.dtype = dtype


def allocate(n_slots, slot_size):
    """``n_slots`` shared buffers of ``slot_size`` bytes (inherited by forked workers)."""
    return [sharedctypes.RawArray('b', slot_size) for _ in range(n_slots)]


def _map_items(value, function):
    kind = type(value)
    if kind is tuple or kind is list:
        return kind(function(v) for v in value)
    if kind is dict:
        return {k: function(v) for k, v in value.items()}
    return function(value)


def pack(value, buffer, start, size):
    """``value`` with the arrays that fit in ``buffer[start:start + size]`` moved there."""
    position = start
    end = start + size

    def pack_array(item):
        nonlocal position
        if (not isinstance(item, numpy.ndarray) or item.dtype.hasobject
                or position + item.nbytes > end):
            return item
        target = numpy.frombuffer(buffer, item.dtype, item.size, position)
        target[...] = item.reshape(-1)
        packed = PackedArray(position, item.shape, item.dtype)
        position += -(-item.nbytes // _ALIGNMENT) * _ALIGNMENT
        return packed

    return _map_items(value, pack_array)


def unpack(value, buffer):
    """``value`` with its packed arrays copied out of ``buffer``.

    Returns:
        tuple: The value, and the bytes its arrays need in shared memory if some of them
        did not fit (and came through the pipe instead), else 0.
    """
    needed = 0
    overflow = False

    def unpack_array(item):
        nonlocal needed, overflow
        if isinstance(item, PackedArray):
            count = int(numpy.prod(item.shape, dtype=numpy.int64))
            needed += count * item.dtype.itemsize
            return numpy.frombuffer(buffer, item.dtype, count, item.offset) \
                .reshape(item.shape).copy()
        if isinstance(item, numpy.ndarray) and not item.dtype.hasobject:
            needed += item.nbytes
            overflow = True
        return item

    value = _map_items(value, unpack_array)
    return value, (needed if overflow else 0)


class SharedBatch:
    """The pending result of a batch packed in a slot; ``get`` unpacks and frees the slot."""

    def __init__(self, result, buffer, slot, free_slots, on_overflow):
        self._result = result
        self._buffer = buffer
        self._slot = slot
        self._free_slots = free_slots
        self._on_overflow = on_overflow

    def wait(self, timeout=None):
        """Waits until the workers have packed the batch (or ``timeout`` seconds)."""
        self._result.wait(timeout)

    def get(self, timeout=None):
        """The batch (raises ``multiprocessing.TimeoutError`` after ``timeout`` seconds)."""
        packed = self._result.get(timeout)
        batch, needed = [], 0
        for example in packed:
            value, example_needed = unpack(example, self._buffer)
            batch.append(value)
            needed = max(needed, example_needed)
        self._free_slots.append(self._slot)
        if needed:
            self._on_overflow(needed)
        return batch

