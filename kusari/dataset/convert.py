"""Converters: turn a batch (a list of examples) into arrays on a device."""

import functools
import sys

import numpy

from kusari import backend


class Converter:
    """Base class of converters.

    A converter receives a batch from an iterator and returns it converted (typically
    concatenated into arrays) and sent to a device. Updaters and evaluators call
    ``converter(batch, device)`` with ``device`` a :class:`kusari.backend.Device` or
    ``None``.
    """

    def __call__(self, batch, device):
        """Converts ``batch`` and sends it to ``device``.

        Args:
            batch: A batch; its type depends on the iterator.
            device (kusari.backend.Device or None): Where the result must live;
                ``None`` leaves arrays where they are.

        Returns:
            The converted batch.
        """
        raise NotImplementedError(
            '{} must implement __call__'.format(type(self).__name__))


class _FunctionConverter(Converter):
    """A converter function wrapped as a :class:`Converter`.

    The device argument (second positional or ``device=``) is normalized to a
    :class:`kusari.backend.Device` (or ``None``) before the function is called, so old
    code may still pass ``-1``, ``0`` or ``'@cupy:0'``.
    """

    def __init__(self, function):
        if not callable(function):
            raise TypeError('converter: can only wrap a callable, got {}'.format(
                type(function).__name__))
        self.function = function
        functools.update_wrapper(self, function)

    def __call__(self, *args, **kwargs):
        if len(args) >= 2:
            args = (args[0], _get_device(args[1])) + args[2:]
        elif 'device' in kwargs:
            kwargs['device'] = _get_device(kwargs['device'])
        return self.function(*args, **kwargs)

    def __repr__(self):
        return '<converter {}>'.format(getattr(self.function, '__qualname__', self.function))

    def __reduce__(self):
        # A converter made by decorating a module-level function replaces it in its
        # module: it is pickled by reference, as the function would be.
        module = sys.modules.get(getattr(self, '__module__', None))
        name = getattr(self, '__name__', None)
        if name is not None and getattr(module, name, None) is self:
            return name
        return type(self), (self.function,)


def converter():
    """Decorator that turns a function ``f(batch, device)`` into a :class:`Converter`.

    The decorated function receives ``device`` as a :class:`kusari.backend.Device` (or
    ``None``) whatever device specifier the caller passed (``-1``, ``0``,
    ``'@numpy'``, ``'@cupy:0'``, a Device).

    Example:
        >>> @converter()
        ... def my_converter(batch, device):
        ...     return device.send(numpy.asarray(batch))

    Returns:
        callable: The decorator.
    """
    return _FunctionConverter


def _get_device(device_spec):
    """A Device for ``device_spec``; ``None`` stays ``None`` (leave arrays in place)."""
    if device_spec is None:
        return None
    return backend.get_device(device_spec)


def _call_converter(converter, batch, device):
    """Calls a new-style :class:`Converter` or an old-style function converter.

    Updaters and evaluators hold ``device`` as a Device (or ``None``); an old-style
    converter function is given the integer form it expects: ``-1`` for the CPU, the
    GPU id for CuPy.
    """
    if isinstance(converter, Converter):
        return converter(batch, device)
    if device is None:
        return converter(batch, None)
    if device.xp is numpy:
        return converter(batch, -1)
    return converter(batch, device.device.id)


def to_device(device, x):
    """Sends an array (or a tuple/list/dict of arrays) to a device.

    Args:
        device: ``None`` to leave ``x`` where it is, or a device specifier: a
            negative integer or ``'@numpy'`` for the CPU, a non-negative integer or
            ``'@cupy:N'`` for a GPU, or a :class:`kusari.backend.Device`.
        x: The array(s) to send.

    Returns:
        ``x`` on the device.
    """
    device = _get_device(device)
    if device is None:
        return x
    return device.send(x)


def _concat_arrays(arrays, padding, where):
    """Stacks the examples' arrays along a new first axis (padding if asked)."""
    if not backend.is_array_supported(arrays[0]):
        arrays = _as_numpy_arrays(arrays, where)
    shapes = [array.shape for array in arrays]
    first_shape = shapes[0]
    if padding is None:
        for i, shape in enumerate(shapes):
            if shape != first_shape:
                raise ValueError(
                    'concat_examples: cannot concatenate the examples{}: example 0 has '
                    'shape {} but example {} has shape {}; give padding=<value> to pad '
                    'them to a common shape'.format(where, first_shape, i, shape))
        with backend.get_device_from_array(arrays[0]):
            xp = backend.get_array_module(arrays[0])
            return xp.stack(arrays)
    return _concat_arrays_with_padding(arrays, shapes, padding, where)


def _as_numpy_arrays(values, where):
    """NumPy arrays for examples given as Python scalars or (nested) lists."""
    try:
        return [numpy.asarray(value) for value in values]
    except ValueError as e:
        raise ValueError('concat_examples: the examples{} cannot be converted to arrays: {}'
                         .format(where, e)) from None


def _concat_arrays_with_padding(arrays, shapes, padding, where):
    ndims = {len(shape) for shape in shapes}
    if len(ndims) != 1:
        raise ValueError(
            'concat_examples: cannot pad the examples{} to a common shape: their numbers '
            'of dimensions differ ({})'.format(where, sorted(ndims)))
    shape = tuple(numpy.max(numpy.array(shapes, dtype=numpy.int64).reshape(len(shapes), -1),
                            axis=0))
    with backend.get_device_from_array(arrays[0]):
        xp = backend.get_array_module(arrays[0])
        result = xp.full((len(arrays),) + shape, padding, dtype=arrays[0].dtype)
        for i, array in enumerate(arrays):
            result[(i,) + tuple(slice(n) for n in array.shape)] = array
    return result


def _concat_batch(batch, padding, send):
    """The batch as one array, a tuple or a dict of arrays, each passed through ``send``."""
    if len(batch) == 0:
        raise ValueError('concat_examples: batch is empty')
    first = batch[0]
    if isinstance(first, tuple):
        if not isinstance(padding, tuple):
            padding = (padding,) * len(first)
        elif len(padding) != len(first):
            raise ValueError(
                'concat_examples: padding has {} entries but each example has {} elements'
                .format(len(padding), len(first)))
        return tuple(
            send(_concat_arrays([example[i] for example in batch], padding[i],
                                ' at tuple position {}'.format(i)))
            for i in range(len(first)))
    if isinstance(first, dict):
        if not isinstance(padding, dict):
            padding = {key: padding for key in first}
        return {
            key: send(_concat_arrays([example[key] for example in batch], padding.get(key),
                                     ' under key {!r}'.format(key)))
            for key in first}
    return send(_concat_arrays(batch, padding, ''))


@converter()
def concat_examples(batch, device=None, padding=None):
    """Concatenates a list of examples into array(s), and sends them to a device.

    Each example may be an array, a tuple of arrays or a dict of arrays; the result is
    one array, a tuple of arrays or a dict of arrays respectively, with the examples
    stacked along a new first (batch) axis. Python scalars and lists are converted to
    NumPy arrays first.

    Example:
        >>> concat_examples([(numpy.array([1, 2]), 0), (numpy.array([3, 4]), 1)])
        (array([[1, 2],
               [3, 4]]), array([0, 1]))
        >>> concat_examples([numpy.array([1, 2]), numpy.array([3])], padding=-1)
        array([[ 1,  2],
               [ 3, -1]])

    Args:
        batch (list): The examples, typically a batch from an iterator.
        device: Where to send the arrays (see :func:`to_device`); ``None`` leaves them
            where they are.
        padding: ``None`` (default) to require all arrays at a position to have the
            same shape; otherwise the value that fills the rest of an array padded to
            the smallest shape that holds every example. A tuple (or dict) gives one
            padding value per tuple position (or key).

    Returns:
        An array, a tuple of arrays or a dict of arrays.

    Raises:
        ValueError: ``batch`` is empty, or the examples' shapes differ and ``padding``
            is ``None`` (the message names the position and the two shapes).
    """
    if device is None:
        return _concat_batch(batch, padding, lambda array: array)
    return _concat_batch(batch, padding, device.send)


class ConcatWithAsyncTransfer:
    """Converter that concatenates a batch on the host and copies it to a GPU asynchronously.

    On a GPU the copy runs on its own CUDA stream from page-locked host memory, so it can
    overlap with kernels running on ``compute_stream``. With ``compute_stream`` given, the
    compute stream is made to wait for the copy (no global synchronization); without it,
    the call waits for the copy to finish. On the CPU (``device`` ``None`` or ``-1``) it
    is :func:`concat_examples`.

    Args:
        stream (cupy.cuda.Stream): The stream for copies; one is created on first use
            if ``None``.
        compute_stream (cupy.cuda.Stream): The stream on which the model's kernels run.
    """

    def __init__(self, stream=None, compute_stream=None):
        self._stream = stream
        self.compute_stream = compute_stream
        self._device = None
        self._in_flight = None  # (event, pinned buffers) of the previous copy

    def __call__(self, batch, device=None, padding=None):
        """Concatenates ``batch`` and sends it to ``device``.

        Args:
            batch (list): The examples.
            device: A device specifier (see :func:`to_device`).
            padding: As in :func:`concat_examples`.

        Returns:
            An array, a tuple of arrays or a dict of arrays.
        """
        device = _get_device(device)
        if device is None or device.xp is numpy:
            return concat_examples(batch, device, padding)
        if self._device is None:
            self._device = device
        elif device != self._device:
            raise ValueError('ConcatWithAsyncTransfer: it was first used with {} and cannot '
                             'be used with {}'.format(self._device, device))
        cupy = device.xp
        with device:
            if self._stream is None:
                self._stream = cupy.cuda.Stream(non_blocking=True)
            self._wait_previous_copy()
            buffers = []
            result = _concat_batch(
                batch, padding, lambda array: self._copy_async(cupy, array, buffers))
            event = self._stream.record()
            if self.compute_stream is None:
                event.synchronize()
            else:
                self.compute_stream.wait_event(event)
                self._in_flight = (event, buffers)
        return result

    def _wait_previous_copy(self):
        # The pinned buffers of the previous batch may be freed only once it arrived.
        if self._in_flight is not None:
            self._in_flight[0].synchronize()
            self._in_flight = None

    def _copy_async(self, cupy, array, buffers):
        array = numpy.ascontiguousarray(array)
        memory = cupy.cuda.alloc_pinned_memory(max(array.nbytes, 1))
        pinned = numpy.frombuffer(memory, array.dtype, array.size).reshape(array.shape)
        pinned[...] = array
        buffers.append(memory)
        on_gpu = cupy.empty(array.shape, array.dtype)
        on_gpu.set(pinned, stream=self._stream)
        return on_gpu
