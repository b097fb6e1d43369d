"""Serialization in NumPy's NPZ format (Chainer-compatible keys).

Loading never unpickles: object arrays are refused, each entry is checked against the
target before it is copied, and a failed load puts back what it had copied.
"""

import collections.abc
import math
import os
import zipfile

import numpy

from kusari import serializer
from kusari.serializers._common import (SerializationError, as_saved_array, atomic_write,
                                        check_compatible, load_into, reading)
from kusari.serializers._transaction import load_restoring, record


class DictionarySerializer(serializer.Serializer):
    """Collects values into a flat dict keyed by paths like ``predictor/l1/W``."""

    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        return DictionarySerializer(self.target, self.path + key.strip('/') + '/')

    def __call__(self, key, value):
        key = self.path + key.lstrip('/')
        if key in self.target:
            raise KeyError('{!r} is serialized twice'.format(key))
        array = as_saved_array(value)
        # None (an uninitialized parameter) is stored as Chainer stores it: a 0-d object
        # array; loading recognises it by its header without unpickling anything.
        self.target[key] = numpy.asarray(None) if array is None else array
        return value


def serialize(obj):
    """The values ``obj`` serializes, as a dict keyed by path (what ``save_npz`` writes)."""
    s = DictionarySerializer()
    s.save(obj)
    return s.target


def save_npz(file, obj, compression=True):
    """Save ``obj`` (a Link, Optimizer, Trainer, ..., or a dict of arrays as
    ``serialize`` returns) to an NPZ file.

    A path is written atomically (temporary file, then rename), so a crash never
    leaves a damaged file in place of a good one.
    """
    target = obj if isinstance(obj, dict) else serialize(obj)
    savez = numpy.savez_compressed if compression else numpy.savez
    if isinstance(file, (str, os.PathLike)):
        atomic_write(file, lambda f: savez(f, **target))
    else:
        savez(file, **target)


class Entries:
    """What NpzDeserializer reads from: ``name`` (for errors), ``keys()``, ``in``,
    ``header(key)`` (shape and dtype, before any data is read), ``is_none(key)``,
    ``read(key)`` (the array) and ``close()``. NPZ archives, mappings and safetensors
    files give this interface."""


class _NpzEntries(Entries):
    """Read access to an NPZ archive that looks at headers before loading data."""

    def __init__(self, file):
        if isinstance(file, numpy.lib.npyio.NpzFile):
            self.name = getattr(file.fid, 'name', None) or 'NPZ file'
            self.zip = file.zip
        else:
            self.name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else (
                getattr(file, 'name', None) or 'NPZ file')
            try:
                self.zip = zipfile.ZipFile(file)
            except OSError as e:
                if isinstance(file, (str, os.PathLike)) and not os.path.exists(file):
                    raise
                raise SerializationError('{}: not a readable NPZ file ({})'.format(
                    self.name, e)) from e
            except Exception as e:  # anything a damaged archive makes zipfile raise
                raise SerializationError('{}: not a readable NPZ file ({}: {})'.format(
                    self.name, type(e).__name__, e)) from e
        self.members = {n[:-4]: n for n in self.zip.namelist() if n.endswith('.npy')}

    def __contains__(self, key):
        return key in self.members

    def keys(self):
        return self.members.keys()

    def header(self, key):
        """(shape, dtype) from the .npy header, without reading the data.

        The size the header declares must be the size the archive holds, so an absurd
        declared shape is refused before any memory is allocated for it.
        """
        with reading(self.name, key):
            member = self.members[key]
            with self.zip.open(member) as f:
                version = numpy.lib.format.read_magic(f)
                reader = (numpy.lib.format.read_array_header_1_0 if version == (1, 0)
                          else numpy.lib.format.read_array_header_2_0)
                shape, _, dtype = reader(f)
                data_offset = f.tell()
            stored = self.zip.getinfo(member).file_size - data_offset
        declared = math.prod(shape) * dtype.itemsize
        if dtype.kind != 'O' and declared != stored:
            raise SerializationError(
                '{}: entry {!r} declares shape {} and dtype {} ({} bytes of data), but the '
                'archive holds {} bytes'.format(self.name, key, shape, dtype, declared,
                                                stored))
        return shape, dtype

    def is_none(self, key):
        shape, dtype = self.header(key)
        return dtype.kind == 'O' and shape == ()

    def read(self, key):
        with reading(self.name, key), self.zip.open(self.members[key]) as f:
            return numpy.lib.format.read_array(f, allow_pickle=False)

    def close(self):
        self.zip.close()


class _MappingEntries(Entries):
    """The ``_NpzEntries`` interface over a mapping of names to arrays (e.g. the dict a
    DictionarySerializer filled), which Chainer's NpzDeserializer also reads."""

    name = 'dict'

    def __init__(self, mapping):
        self._mapping = mapping

    def __contains__(self, key):
        return key in self._mapping

    def keys(self):
        return self._mapping.keys()

    def header(self, key):
        array = numpy.asarray(self._mapping[key])
        return array.shape, array.dtype

    def is_none(self, key):
        array = numpy.asarray(self._mapping[key])
        return array.dtype.kind == 'O' and array.shape == () and array[()] is None

    def read(self, key):
        return numpy.asarray(self._mapping[key])

    def close(self):
        pass


def _entries(npz):
    if isinstance(npz, Entries):
        return npz
    if isinstance(npz, collections.abc.Mapping) and not isinstance(
            npz, numpy.lib.npyio.NpzFile):
        return _MappingEntries(npz)
    return _NpzEntries(npz)


class NpzDeserializer(serializer.Deserializer):
    """Loads values from an NPZ archive into an object's arrays.

    Args:
        npz: an open ``numpy.load`` result, a path / file object of an NPZ file, or a
            dict of arrays (e.g. a DictionarySerializer's ``target``).
        path (str): key prefix to read under.
        strict (bool): a missing key is an error (else the value is left as is).
        ignore_names: a name or list of names (or callables ``f(key) -> bool``) of keys
            to skip.
    """

    def __init__(self, npz, path='', strict=True, ignore_names=None, _previous=None):
        self.npz = _entries(npz)
        self.path = path
        self.strict = strict
        if ignore_names is None:
            ignore_names = []
        elif callable(ignore_names) or isinstance(ignore_names, str):
            ignore_names = [ignore_names]
        self.ignore_names = ignore_names
        self._previous = _previous  # where load_npz records the values it replaces

    def __getitem__(self, key):
        return NpzDeserializer(self.npz, self.path + key.strip('/') + '/', self.strict,
                               self.ignore_names, self._previous)

    def keys(self):
        return [k[len(self.path):] for k in self.npz.keys() if k.startswith(self.path)]

    def _ignored(self, key):
        return any(rule(key) if callable(rule) else rule == key for rule in self.ignore_names)

    def __call__(self, key, value):
        key = self.path + key.lstrip('/')
        if self._previous is not None:
            record(self._previous, key, value)
        if self._ignored(key):
            return value
        if key not in self.npz:
            if self.strict:
                raise KeyError('{}: no entry {!r} (strict loading; pass strict=False to '
                               'skip missing entries)'.format(self.npz.name, key))
            return value
        if self.npz.is_none(key):
            # As Chainer: a stored None is loaded as None, whatever the target.
            return None
        shape, dtype = self.npz.header(key)
        check_compatible(self.npz.name, key, shape, dtype, value)
        return load_into(self.npz.name, key, self.npz.read(key), value)


def load_npz(file, obj, path='', strict=True, ignore_names=None):
    """Load ``obj`` from an NPZ file written by ``save_npz`` (or by Chainer).

    Every entry is checked against ``obj`` before it is copied (presence, shape, dtype,
    no object arrays, intact data), and ``obj.serialize`` is called once, as in Chainer.
    Should an entry fail (or an object refuse a value), the values already copied are
    put back, so a bad file leaves ``obj`` as it was. Errors name the file and the key.
    """
    entries = _NpzEntries(file)
    previous = {}
    try:
        load_restoring(entries.name, obj,
                       NpzDeserializer(entries, path, strict, ignore_names, previous),
                       previous, path)
    finally:
        entries.close()
