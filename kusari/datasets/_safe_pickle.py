"""A pickle reader that loads plain data and numeric NumPy arrays, and nothing else.

Pickles can call any importable function while loading. The CIFAR batches are pickled
dicts of strings, lists of ints and uint8 arrays, so this reader allows exactly the
few globals such data needs (rebuilding an ndarray or dtype, and latin-1 ``bytes``
from Python 3 protocol-2 pickles), rebuilds the arrays itself from their raw bytes, and
refuses everything else before it runs.
"""

import io
import pickle

import numpy


class _ArrayPlaceholder:
    """Stands for an ndarray until its state (shape, dtype, raw bytes) arrives."""

    array = None

    def __setstate__(self, state):
        if len(state) == 5:
            state = state[1:]  # drop the format version
        shape, dtype, is_fortran, raw = state
        self.array = _array_from_bytes(raw, _as_dtype(dtype), shape, 'F' if is_fortran else 'C')


class _DtypePlaceholder:
    """Stands for a dtype ``numpy.dtype(spec)``; its state may set the byte order."""

    def __init__(self, spec):
        if isinstance(spec, bytes):
            spec = spec.decode('ascii')
        self.dtype = numpy.dtype(spec)
        if self.dtype.kind not in 'biufc':
            raise pickle.UnpicklingError('refusing a dtype that is not a plain number: {!r}'
                                         .format(spec))

    def __setstate__(self, state):
        if len(state) > 3 and (state[2] is not None or state[3] is not None):
            raise pickle.UnpicklingError('refusing a structured or subarray dtype')
        byte_order = state[1]
        if isinstance(byte_order, bytes):
            byte_order = byte_order.decode('ascii')
        if byte_order in ('<', '>'):
            self.dtype = self.dtype.newbyteorder(byte_order)


class _NdarrayReference:
    """What the pickle's reference to the class numpy.ndarray becomes."""


_NDARRAY = _NdarrayReference()


def _as_dtype(value):
    if not isinstance(value, _DtypePlaceholder):
        raise pickle.UnpicklingError('expected a dtype in an array pickle, got {}'.format(
            type(value).__name__))
    return value.dtype


def _array_from_bytes(raw, dtype, shape, order):
    if isinstance(raw, str):  # Python 2 str read with a text encoding
        raw = raw.encode('latin-1')
    if not isinstance(raw, (bytes, bytearray)):
        raise pickle.UnpicklingError('array data must be bytes, got {}'.format(
            type(raw).__name__))
    shape = tuple(int(n) for n in shape)
    size = int(numpy.prod(shape, dtype=numpy.int64))
    if len(raw) != size * dtype.itemsize:
        raise pickle.UnpicklingError('array of shape {} and dtype {} needs {} bytes, got {}'
                                     .format(shape, dtype, size * dtype.itemsize, len(raw)))
    flat = numpy.frombuffer(raw, dtype=dtype, count=size)
    return flat.reshape(shape, order=order).astype(dtype.newbyteorder('='), order='C')


def _reconstruct(cls, shape, typecode):
    if cls is not _NDARRAY:
        raise pickle.UnpicklingError('only plain numpy.ndarray objects can be loaded')
    return _ArrayPlaceholder()


def _frombuffer(buffer, dtype, shape, order):
    placeholder = _ArrayPlaceholder()
    placeholder.array = _array_from_bytes(bytes(buffer), _as_dtype(dtype), shape, order)
    return placeholder


def _latin1_encode(text, encoding='latin1'):
    if encoding not in ('latin1', 'latin-1'):
        raise pickle.UnpicklingError('refusing _codecs.encode with encoding {!r}'.format(
            encoding))
    return text.encode('latin-1')


_ALLOWED = {
    ('numpy.core.multiarray', '_reconstruct'): _reconstruct,
    ('numpy._core.multiarray', '_reconstruct'): _reconstruct,
    ('numpy.core.numeric', '_frombuffer'): _frombuffer,
    ('numpy._core.numeric', '_frombuffer'): _frombuffer,
    ('numpy', 'ndarray'): _NDARRAY,
    ('numpy', 'dtype'): lambda spec, align=False, copy=True: _DtypePlaceholder(spec),
    ('_codecs', 'encode'): _latin1_encode,
}


class _RestrictedUnpickler(pickle.Unpickler):

    def find_class(self, module, name):
        try:
            return _ALLOWED[module, name]
        except KeyError:
            raise pickle.UnpicklingError(
                'refusing to load {}.{}: only plain data and numeric NumPy arrays are '
                'allowed'.format(module, name)) from None


def _materialize(value):
    """``value`` with every array placeholder replaced by its array."""
    if isinstance(value, _ArrayPlaceholder):
        if value.array is None:
            raise pickle.UnpicklingError('an array in the pickle has no data')
        return value.array
    if isinstance(value, dict):
        return {_materialize(k): _materialize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_materialize(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_materialize(v) for v in value)
    if isinstance(value, (_DtypePlaceholder, _NdarrayReference)):
        raise pickle.UnpicklingError('a bare dtype or class in the pickle is not data')
    return value


def load(file):
    """Loads a pickle of plain data and numeric arrays from a binary file object.

    Python 2 strings are returned as ``bytes``.

    Raises:
        pickle.UnpicklingError: The pickle refers to anything else (nothing it refers to
            is called), or it is malformed.
    """
    try:
        value = _RestrictedUnpickler(file, encoding='bytes').load()
    except pickle.UnpicklingError:
        raise
    except (EOFError, ValueError, TypeError, IndexError, AttributeError) as e:
        raise pickle.UnpicklingError('malformed pickle: {!r}'.format(e)) from e
    return _materialize(value)


def loads(data):
    """Loads a pickle of plain data and numeric arrays from bytes (see :func:`load`)."""
    return load(io.BytesIO(data))
