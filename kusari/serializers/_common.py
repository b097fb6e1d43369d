"""Pieces shared by the NPZ and HDF5 serializers: atomic files and value loading."""

import contextlib
import os
import tempfile

import numpy

from kusari import backend, core
from kusari.variable import Parameter


class SerializationError(ValueError):
    """A file does not fit the object it is loaded into (names the file and key)."""


class UnsafeCastError(SerializationError, TypeError):
    """A stored number does not fit the type of the scalar it is loaded into (a
    TypeError, as Chainer raises)."""


def _read_umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Read once at import: os.umask can only be read by setting it, which is not thread-safe.
_UMASK = _read_umask()


def atomic_write(path, write):
    """Call ``write(f)`` on a temporary file beside ``path``, then rename it into place.

    A crash (or an exception in ``write``) leaves any previous file at ``path`` whole.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix='.' + os.path.basename(path) + '.', suffix='.tmp',
                               dir=directory)
    try:
        with os.fdopen(fd, 'wb') as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; files get the usual mode
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def as_saved_array(value):
    """The array to save for a serialized value (Variables by their array)."""
    if isinstance(value, core.Variable):
        value = value.array
    if value is None:
        return None
    if backend.is_array_supported(value):
        return backend.CpuDevice().send(value)
    return numpy.asarray(value)


def load_into(source, key, stored, value):
    """Return what deserializing ``stored`` into ``value`` gives, copying in place.

    Arrays (and Variables' arrays) are filled in place, after checking the shape;
    None takes the stored array; Python scalars and strings are converted to the
    type of ``value``.
    """
    if isinstance(value, core.Variable):
        if value.array is None:
            if isinstance(value, Parameter):
                value.initialize(stored.shape)
            else:
                value.array = numpy.array(stored)
                return value
        load_into(source, key, stored, value.array)
        return value
    if value is None:
        return numpy.array(stored)
    if backend.is_array_supported(value):
        if value.shape != stored.shape:
            raise SerializationError('{}: {!r} has shape {} in the file, but the target has '
                                     'shape {}'.format(source, key, stored.shape, value.shape))
        backend.copyto(value, stored.astype(value.dtype, copy=False))
        return value
    if isinstance(value, (bool, numpy.bool_)):
        return bool(stored)
    if isinstance(value, str):
        return str(stored)
    if isinstance(value, (int, float, complex, numpy.number)):
        return type(value)(stored.item() if hasattr(stored, 'item') else stored)
    return numpy.array(stored)


def check_compatible(source, key, shape, dtype, value):
    """Raise SerializationError when a stored entry cannot be loaded into ``value``."""
    if dtype is not None and dtype.kind in 'OV':
        raise SerializationError('{}: {!r} holds {} data, which kusari never loads (it could '
                                 'run code)'.format(source, key, dtype))
    target = value.array if isinstance(value, core.Variable) else value
    if target is not None and backend.is_array_supported(target):
        if tuple(shape) != target.shape:
            raise SerializationError('{}: {!r} has shape {} in the file, but the target has '
                                     'shape {}'.format(source, key, tuple(shape),
                                                       target.shape))
        if dtype is not None and not numpy.can_cast(dtype, target.dtype, 'same_kind'):
            raise SerializationError('{}: {!r} has dtype {} in the file, which cannot be '
                                     'loaded into {}'.format(source, key, dtype, target.dtype))
    elif value is None or isinstance(value, core.Variable):
        # An uninitialized parameter (or state array) takes the stored array as it is,
        # so it must hold real numbers that any float array can take.
        _check_kind(source, key, dtype, 'biuf', 'an array of real numbers')
    elif isinstance(value, (int, float, bool, complex, str, numpy.number, numpy.bool_)):
        if tuple(shape) != ():
            raise SerializationError('{}: {!r} should be a scalar, but has shape {}'.format(
                source, key, tuple(shape)))
        if not isinstance(value, str):
            kinds = 'biufc' if isinstance(value, (complex, numpy.complexfloating)) else 'biuf'
            _check_kind(source, key, dtype, kinds, 'a number')
            _check_safe_cast(source, key, dtype, type(value))


def _check_safe_cast(source, key, dtype, value_type):
    # Chainer's rule: a number is loaded into a scalar only by a safe cast; any integer
    # fits a Python int.
    if (dtype is not None and dtype.kind in 'iufc'
            and not (dtype.kind in 'iu' and value_type is int)
            and not numpy.can_cast(dtype, value_type, 'safe')):
        raise UnsafeCastError('{}: {!r} holds a {} value, which cannot be safely loaded into '
                              'a {}'.format(source, key, dtype, value_type.__name__))


def _check_kind(source, key, dtype, kinds, expected):
    if dtype is not None and dtype.kind not in kinds:
        raise SerializationError('{}: {!r} should be {}, but has dtype {} in the file'.format(
            source, key, expected, dtype))


@contextlib.contextmanager
def reading(source, key):
    """Report any failure to parse an entry as a SerializationError naming file and key.

    Files are untrusted input: whatever a damaged one makes the parsing library raise
    (zlib, zipfile, HDF5, memory errors from absurd declared sizes) is a damaged entry.
    """
    try:
        yield
    except SerializationError:
        raise
    except Exception as e:
        raise SerializationError('{}: entry {!r} is damaged or unreadable ({}: {})'.format(
            source, key, type(e).__name__, e)) from e
