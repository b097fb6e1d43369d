"""Serialization in HDF5 (needs the optional h5py package)."""

import os
import zlib

import numpy

from kusari import _lazy, serializer
from kusari.serializers._common import (SerializationError, as_saved_array, atomic_write,
                                        check_compatible, load_into, reading)
from kusari.serializers._transaction import load_restoring, record


def _h5py():
    try:
        import h5py
    except ImportError:
        # RuntimeError, as Chainer raises.
        raise RuntimeError('HDF5 serialization needs h5py, which is not installed: pip '
                           'install h5py (or kusari[hdf5])') from None
    return h5py


__getattr__ = _lazy.installed_flags(__name__, {'_available': 'h5py'})


class HDF5Serializer(serializer.Serializer):
    """Writes values as datasets of an HDF5 group (child objects become subgroups)."""

    def __init__(self, group, compression=4):
        _h5py()
        self.group = group
        self.compression = compression

    def __getitem__(self, key):
        return HDF5Serializer(self.group.require_group(key.strip('/')), self.compression)

    def __call__(self, key, value):
        key = key.lstrip('/')
        array = as_saved_array(value)
        if array is None:
            # Stored as Chainer stores None: an empty dataset (no shape), which h5py
            # has since 2.7.
            h5py = _h5py()
            if h5py.version.version_tuple < (2, 7, 0):
                raise RuntimeError('HDF5Serializer: h5py>=2.7.0 is needed to serialize None '
                                   '({!r})'.format(key))
            self.group.create_dataset(key, data=h5py.Empty('f'))
        else:
            options = {}
            if array.ndim and self.compression:
                options = dict(compression='gzip', compression_opts=self.compression)
            if array.dtype.kind == 'U':
                array = array.astype(bytes)
            dataset = self.group.create_dataset(key, data=array, **options)
            dataset.attrs[_CHECKSUM] = _checksum(array)
        return value


# HDF5 (as h5py writes it by default) checksums neither data nor metadata: a flipped bit
# can silently change values, or make a chunk unfindable so that it reads as zeros. Each
# dataset kusari writes carries the CRC-32 of its data, checked when it is loaded.
_CHECKSUM = 'kusari_crc32'


def _checksum(array):
    """CRC-32 of the array's values (little-endian bytes, C order)."""
    array = numpy.asarray(array)
    if array.dtype.byteorder == '>':
        array = array.astype(array.dtype.newbyteorder('<'))
    return numpy.uint32(zlib.crc32(numpy.ascontiguousarray(array).tobytes()))


def save_hdf5(filename, obj, compression=4):
    """Save ``obj`` to an HDF5 file, atomically (temporary file, then rename).

    A dict is saved as its entries (``'a/b'`` keys in groups), as Chainer does.
    """
    h5py = _h5py()

    def write(f):
        with h5py.File(f, 'w') as h5:
            serializer = HDF5Serializer(h5, compression)
            if isinstance(obj, dict) and not hasattr(obj, 'serialize'):  # a plain dict
                for key, value in obj.items():
                    serializer(key, value)
            else:
                serializer.save(obj)

    atomic_write(filename, write)


class HDF5Deserializer(serializer.Deserializer):
    """Reads values from an HDF5 group."""

    def __init__(self, group, strict=True, _previous=None, _path=''):
        _h5py()
        self.group = group
        self.strict = strict
        self._previous = _previous  # where load_hdf5 records the values it replaces
        self._key_path = _path  # the path of the keys it records (a missing group too)

    @property
    def _source(self):
        return self.group.file.filename

    def _path(self, key):
        return (self.group.name.rstrip('/') + '/' + key).lstrip('/')

    def _child(self, group, key):
        return HDF5Deserializer(group, self.strict, self._previous, self._key_path + key + '/')

    def _contains(self, key):
        with reading(self._source, self._path(key)):
            return key in self.group

    def __getitem__(self, key):
        key = key.strip('/')
        if not self._contains(key):
            if self.strict:
                raise KeyError('{}: no group {!r}'.format(self._source, self._path(key)))
            return self._child(self.group.require_group(key) if self.group.file.mode != 'r'
                               else _EmptyGroup(self.group), key)
        with reading(self._source, self._path(key)):
            group = self.group[key]
        if not isinstance(group, _h5py().Group):
            raise SerializationError('{}: {!r} should be a group, but is {}'.format(
                self._source, self._path(key), type(group).__name__))
        return self._child(group, key)

    def keys(self):
        return list(self.group.keys())

    def __call__(self, key, value):
        key = key.lstrip('/')
        if self._previous is not None:
            record(self._previous, self._key_path + key, value)
        path = self._path(key)
        if not self._contains(key):
            if self.strict:
                raise KeyError('{}: no entry {!r} (strict loading)'.format(self._source, path))
            return value
        stored = self._read(path, key, value)
        return None if stored is _NONE else load_into(self._source, path, stored, value)

    def _read(self, path, key, value):
        """The stored array (or _NONE), checked against ``value``."""
        with reading(self._source, path):
            dataset = self.group[key]
            if not isinstance(dataset, _h5py().Dataset):
                raise SerializationError('{}: {!r} should be a dataset, but is {}'.format(
                    self._source, path, type(dataset).__name__))
            if dataset.shape is None or dataset.attrs.get('kusari_none', False):
                return _NONE  # Chainer's empty dataset, or the marker older kusari wrote
            # Variable-length strings are h5py's object dtype, but are read as text
            # (nothing is unpickled).
            dtype = (numpy.dtype(str) if _h5py().check_string_dtype(dataset.dtype)
                     else dataset.dtype)
            check_compatible(self._source, path, dataset.shape, dtype, value)
            stored = dataset[()]
            if _CHECKSUM in dataset.attrs:  # files written by Chainer have none
                actual = _checksum(numpy.asarray(stored, dtype=dataset.dtype))
                if actual != dataset.attrs[_CHECKSUM]:
                    raise SerializationError('{}: entry {!r} is damaged (its data does not '
                                             'match its checksum)'.format(self._source, path))
            if isinstance(stored, bytes):
                stored = stored.decode()
            elif isinstance(stored, numpy.ndarray) and stored.dtype.kind == 'S':
                stored = stored.astype(str)
            return numpy.asarray(stored)


_NONE = object()  # what a dataset marked as None reads as


class _EmptyGroup:
    """A missing group in a read-only file, for non-strict loading."""

    def __init__(self, parent):
        self.file = parent.file
        self.name = parent.name

    def __contains__(self, key):
        return False

    def keys(self):
        return []


def load_hdf5(filename, obj, strict=True):
    """Load ``obj`` from an HDF5 file; a bad file leaves ``obj`` untouched.

    Every entry is checked against ``obj`` before it is copied, and ``obj.serialize``
    is called once, as in Chainer; should an entry fail (or an object refuse a value),
    the values already copied are put back. Errors name the file and the entry.
    """
    h5py = _h5py()
    if not os.path.exists(filename):
        raise FileNotFoundError(filename)
    try:
        h5 = h5py.File(filename, 'r')
    except Exception as e:  # whatever a damaged file makes HDF5 raise
        raise SerializationError('{}: not a readable HDF5 file ({}: {})'.format(
            filename, type(e).__name__, e)) from e
    with h5:
        previous = {}
        load_restoring(filename, obj, HDF5Deserializer(h5, strict, previous), previous)
