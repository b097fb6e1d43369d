"""Serialization in HDF5 (needs the optional h5py package)."""

import os

import numpy

from kusari import serializer
from kusari.serializers._common import (SerializationError, as_saved_array, atomic_write,
                                        check_compatible, load_into)


def _h5py():
    try:
        import h5py
    except ImportError:
        raise ImportError('HDF5 serialization needs h5py: pip install h5py (or kusari[hdf5])')
    return h5py


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
            dataset = self.group.create_dataset(key, data=numpy.zeros(0, numpy.float32))
            dataset.attrs['kusari_none'] = True
        else:
            options = {}
            if array.ndim and self.compression:
                options = dict(compression='gzip', compression_opts=self.compression)
            if array.dtype.kind == 'U':
                array = array.astype(bytes)
            self.group.create_dataset(key, data=array, **options)
        return value


def save_hdf5(filename, obj, compression=4):
    """Save ``obj`` to an HDF5 file, atomically (temporary file, then rename)."""
    h5py = _h5py()

    def write(f):
        with h5py.File(f, 'w') as h5:
            HDF5Serializer(h5, compression).save(obj)

    atomic_write(filename, write)


class HDF5Deserializer(serializer.Deserializer):
    """Reads values from an HDF5 group."""

    def __init__(self, group, strict=True, _dry_run=False):
        _h5py()
        self.group = group
        self.strict = strict
        self._dry_run = _dry_run

    @property
    def _source(self):
        return self.group.file.filename

    def _path(self, key):
        return (self.group.name.rstrip('/') + '/' + key).lstrip('/')

    def __getitem__(self, key):
        key = key.strip('/')
        if key not in self.group:
            if self.strict:
                raise KeyError('{}: no group {!r}'.format(self._source, self._path(key)))
            return HDF5Deserializer(self.group.require_group(key) if not self._dry_run and
                                    self.group.file.mode != 'r' else _EmptyGroup(self.group),
                                    self.strict, self._dry_run)
        return HDF5Deserializer(self.group[key], self.strict, self._dry_run)

    def keys(self):
        return list(self.group.keys())

    def __call__(self, key, value):
        key = key.lstrip('/')
        if key not in self.group:
            if self.strict:
                raise KeyError('{}: no entry {!r} (strict loading)'.format(
                    self._source, self._path(key)))
            return value
        dataset = self.group[key]
        if dataset.attrs.get('kusari_none', False):
            return None if value is None else value
        if self._dry_run:
            check_compatible(self._source, self._path(key), dataset.shape, dataset.dtype,
                             value)
            return value
        stored = dataset[()]
        if isinstance(stored, bytes):
            stored = stored.decode()
        elif isinstance(stored, numpy.ndarray) and stored.dtype.kind == 'S':
            stored = stored.astype(str)
        return load_into(self._source, self._path(key), numpy.asarray(stored), value)


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
    """Load ``obj`` from an HDF5 file; a bad file leaves ``obj`` untouched."""
    h5py = _h5py()
    if not os.path.exists(filename):
        raise FileNotFoundError(filename)
    try:
        h5 = h5py.File(filename, 'r')
    except OSError as e:
        raise SerializationError('{}: not a readable HDF5 file ({})'.format(filename, e))
    with h5:
        HDF5Deserializer(h5, strict, _dry_run=True).load(obj)
        HDF5Deserializer(h5, strict).load(obj)
