"""Serialization in the safetensors format (Hugging Face's; PyTorch reads it).

A file is an 8-byte little-endian header size, a JSON header naming each tensor's dtype,
shape and byte range, then the data, C-ordered and little-endian. kusari reads and
writes it itself (NumPy only): whatever the memory layout of an array, its bytes are
written in C order, so the official readers get exactly the saved values.

What safetensors has no tensor for is kept in the header's ``__metadata__`` under
``kusari`` (JSON): the names of None values (uninitialized parameters), the names of
strings (stored as UTF-8 bytes, dtype U8) and a CRC-32 of each entry (its dtype, shape
and data), so a damaged kusari file is an error, never wrong values. Files written by
other tools (a PyTorch ``state_dict``) have no checksums: they load only when asked for
(``verify=False``, or ``layout='torch'``).

Loading has :func:`~kusari.serializers.load_npz`'s guarantees: nothing is unpickled,
each entry is checked against the target before it is copied, and a failed load puts
back what it had copied; errors name the file and the entry.
"""

import json
import math
import os
import struct
import zlib

import numpy

from kusari.serializers._common import SerializationError, atomic_write, reading
from kusari.serializers._transaction import load_restoring
from kusari.serializers.npz import Entries, NpzDeserializer, serialize

_DTYPES = {'BOOL': numpy.bool_, 'U8': numpy.uint8, 'I8': numpy.int8, 'U16': numpy.uint16,
           'I16': numpy.int16, 'U32': numpy.uint32, 'I32': numpy.int32, 'U64': numpy.uint64,
           'I64': numpy.int64, 'F16': numpy.float16, 'F32': numpy.float32,
           'F64': numpy.float64}
_NAMES = {numpy.dtype(t): name for name, t in _DTYPES.items()}
_BF16 = 'BF16'  # PyTorch's bfloat16, which NumPy lacks: loaded as float32, exactly
_MAX_HEADER = 100 * 2 ** 20  # the official readers' limit


def _checksum(dtype_name, shape, data):
    return zlib.crc32(data, zlib.crc32('{}{}'.format(dtype_name, list(shape)).encode()))


def _encode(name, array):
    """(dtype name, shape, C-ordered little-endian bytes, kind) of a value to save."""
    if array.dtype.kind == 'U':
        return 'U8', None, str(array[()]).encode('utf-8'), 'str'
    dtype = array.dtype.newbyteorder('<')
    dtype_name = _NAMES.get(dtype.newbyteorder('='))
    if dtype_name is None:
        raise SerializationError('{!r} has dtype {}, which safetensors cannot hold'.format(
            name, array.dtype))
    # ascontiguousarray: the bytes in C order whatever the layout (Fortran-ordered and
    # sliced arrays included).
    data = numpy.ascontiguousarray(array, dtype=dtype).reshape(-1).view(numpy.uint8).data
    return dtype_name, array.shape, data, 'array'


def save_safetensors(file, obj):
    """Save ``obj`` (a Link, Optimizer, Trainer, ..., or a dict of arrays as
    ``serialize`` returns) to a safetensors file, which PyTorch's and NumPy's
    safetensors readers load bit-exact. A path is written atomically."""
    target = obj if isinstance(obj, dict) else serialize(obj)
    header, chunks, offset = {}, [], 0
    kusari_meta = {'none': [], 'str': [], 'crc32': {}}
    for name, value in target.items():
        array = numpy.asarray(value)
        if array.dtype == object:
            if array.shape == () and array[()] is None:
                kusari_meta['none'].append(name)
                continue
            raise SerializationError('{!r} is a Python object, which kusari does not '
                                     'save'.format(name))
        dtype_name, shape, data, kind = _encode(name, array)
        if kind == 'str':
            kusari_meta['str'].append(name)
            shape = (len(data),)
        kusari_meta['crc32'][name] = _checksum(dtype_name, shape, data)
        header[name] = {'dtype': dtype_name, 'shape': list(shape),
                        'data_offsets': [offset, offset + len(data)]}
        chunks.append(data)
        offset += len(data)
    header['__metadata__'] = {'kusari': json.dumps(kusari_meta)}
    text = json.dumps(header, separators=(',', ':')).encode()
    text += b' ' * (-len(text) % 8)  # data aligned to 8 bytes, as the official writer does

    def write(f):
        f.write(struct.pack('<Q', len(text)))
        f.write(text)
        for chunk in chunks:
            f.write(chunk)
    if isinstance(file, (str, os.PathLike)):
        atomic_write(file, write)
    else:
        write(file)


class _SafetensorsEntries(Entries):
    """The entries of a safetensors file (the interface NpzDeserializer reads): the
    header is parsed and checked whole on opening, each entry's data read on demand."""

    def __init__(self, file, verify):
        self.verify = verify
        self.name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else (
            getattr(file, 'name', None) or 'safetensors file')
        self._owned = isinstance(file, (str, os.PathLike))
        self.file = open(file, 'rb') if self._owned else file
        try:
            self._parse()
        except Exception as e:
            self.close()
            if isinstance(e, SerializationError):
                raise
            raise SerializationError('{}: not a readable safetensors file ({}: {})'.format(
                self.name, type(e).__name__, e)) from e

    def _refuse(self, reason):
        raise SerializationError('{}: not a readable safetensors file ({})'.format(
            self.name, reason))

    def _parse(self):
        start = self.file.tell()
        self.file.seek(0, os.SEEK_END)
        size = self.file.tell() - start
        self.file.seek(start)
        prefix = self.file.read(8)
        if len(prefix) < 8:
            self._refuse('shorter than its 8-byte header size')
        header_size, = struct.unpack('<Q', prefix)
        if header_size > min(size - 8, _MAX_HEADER):
            self._refuse('a header of {} bytes in a file of {}'.format(header_size, size))
        header = json.loads(self.file.read(header_size).decode('utf-8'))
        if not isinstance(header, dict):
            self._refuse('the header is not a JSON object')
        self.data_start = start + 8 + header_size
        metadata = header.pop('__metadata__', None) or {}
        kusari_meta = json.loads(metadata['kusari']) if 'kusari' in metadata else None
        if kusari_meta is None and self.verify:
            self._refuse('no kusari checksums in its header; a file written by another '
                         'tool loads with verify=False')
        self.nones = set(kusari_meta['none']) if kusari_meta else set()
        self.strings = set(kusari_meta['str']) if kusari_meta else set()
        self.checksums = kusari_meta['crc32'] if kusari_meta else None
        self.entries = {}
        end = 0
        for key, info in sorted(header.items(), key=lambda item: item[1]['data_offsets']):
            self.entries[key] = self._entry(key, info, end)
            end = info['data_offsets'][1]
        if end != size - 8 - header_size:
            self._refuse('its entries hold {} bytes of data, the file {}'.format(
                end, size - 8 - header_size))

    def _entry(self, key, info, expected_start):
        dtype_name, shape, (begin, end) = info['dtype'], info['shape'], info['data_offsets']
        if dtype_name not in _DTYPES and dtype_name != _BF16:
            raise SerializationError('{}: entry {!r} has dtype {!r}, which kusari does not '
                                     'load'.format(self.name, key, dtype_name))
        if not all(type(n) is int and n >= 0 for n in shape):
            raise SerializationError('{}: entry {!r} has shape {}'.format(self.name, key, shape))
        itemsize = 2 if dtype_name == _BF16 else numpy.dtype(_DTYPES[dtype_name]).itemsize
        if begin != expected_start or end - begin != math.prod(shape) * itemsize:
            raise SerializationError(
                '{}: entry {!r} declares shape {} and dtype {} but bytes {} to {} (the '
                'previous entry ends at {})'.format(self.name, key, shape, dtype_name, begin,
                                                    end, expected_start))
        if self.checksums is not None and key not in self.checksums:
            raise SerializationError('{}: entry {!r} has no checksum'.format(self.name, key))
        return dtype_name, tuple(shape), begin, end

    def __contains__(self, key):
        return key in self.entries or key in self.nones

    def keys(self):
        return list(self.entries) + sorted(self.nones)

    def is_none(self, key):
        return key in self.nones

    def header(self, key):
        dtype_name, shape, _, _ = self.entries[key]
        if key in self.strings:
            return (), numpy.dtype(str)
        return shape, numpy.dtype(numpy.float32 if dtype_name == _BF16 else _DTYPES[dtype_name])

    def read(self, key):
        dtype_name, shape, begin, end = self.entries[key]
        with reading(self.name, key):
            self.file.seek(self.data_start + begin)
            data = self.file.read(end - begin)
            if len(data) != end - begin:
                raise EOFError('the file ends inside its data')
            if self.checksums is not None and \
                    self.checksums[key] != _checksum(dtype_name, shape, data):
                raise ValueError('its data does not match its checksum')
            if key in self.strings:
                return numpy.asarray(data.decode('utf-8'))
            if dtype_name == _BF16:  # the upper half of a float32's bits
                bits = numpy.frombuffer(data, '<u2').astype(numpy.uint32) << 16
                return bits.view(numpy.float32).reshape(shape)
            dtype = numpy.dtype(_DTYPES[dtype_name]).newbyteorder('<')
            return numpy.frombuffer(data, dtype).reshape(shape).astype(dtype.newbyteorder('='))

    def close(self):
        if self._owned:
            self.file.close()


def load_safetensors(file, obj, path='', strict=True, ignore_names=None, layout='kusari',
                     verify=None):
    """Load ``obj`` from a safetensors file, with ``load_npz``'s guarantees: every entry
    is checked before it is copied, a failure puts back what was copied (the target is
    left as it was), errors name the file and the entry, nothing is unpickled.

    Args:
        file: a path or a binary file object.
        obj: the Link, Optimizer, Trainer, ... to load into.
        path (str): key prefix to read under.
        strict (bool): a missing entry is an error (else the value is left as is).
        ignore_names: names (or callables ``f(key) -> bool``) of entries to skip.
        layout (str): ``'kusari'`` for files kusari wrote; ``'torch'`` for a PyTorch
            ``state_dict`` saved as safetensors, loaded into the equivalent links by the
            name map of :mod:`kusari.serializers.torch_names` (``obj`` is then a Link).
        verify (bool): require kusari's checksums, so that damage is an error, never
            wrong values (False loads files written by other tools; checksums present
            are still checked). Default: True for ``layout='kusari'``, else False.
    """
    entries = _SafetensorsEntries(file, layout == 'kusari' if verify is None else verify)
    try:
        if layout == 'torch':
            from kusari.serializers import torch_names
            entries = torch_names.TorchNamedEntries(entries, obj)
        elif layout != 'kusari':
            raise ValueError("layout must be 'kusari' or 'torch', not {!r}".format(layout))
        previous = {}
        load_restoring(entries.name, obj,
                       NpzDeserializer(entries, path, strict, ignore_names, previous),
                       previous, path)
    finally:
        entries.close()
