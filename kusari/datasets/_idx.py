"""Reader of the IDX format of the MNIST-family files (optionally gzipped).

An IDX file is: two zero bytes, a type code, the number of dimensions, each dimension
as a big-endian uint32, then the values in C order, big-endian.
"""

import gzip
import zlib

import numpy

_GZIP_MAGIC = b'\x1f\x8b'

_TYPES = {
    0x08: numpy.dtype('u1'),
    0x09: numpy.dtype('i1'),
    0x0B: numpy.dtype('>i2'),
    0x0C: numpy.dtype('>i4'),
    0x0D: numpy.dtype('>f4'),
    0x0E: numpy.dtype('>f8'),
}


def read_idx(path):
    """The array stored in the IDX file at ``path``, gzipped or not (told by its first
    bytes, not its name: downloaded copies are cached under names without ``.gz``).

    Raises:
        ValueError: The file is not a complete, well-formed IDX file; the message names
            the file.
    """
    with open(path, 'rb') as f:
        data = f.read()
    if data.startswith(_GZIP_MAGIC):
        try:
            data = gzip.decompress(data)
        except (EOFError, zlib.error, gzip.BadGzipFile) as e:
            raise ValueError('{}: not a complete gzip file ({})'.format(path, e)) from None
    return parse_idx(data, path)


def parse_idx(data, name='<bytes>'):
    """The array stored in the IDX bytes ``data``; ``name`` is used in errors."""
    if len(data) < 4 or data[0] != 0 or data[1] != 0 or data[2] not in _TYPES:
        raise ValueError('{}: not an IDX file (bad magic number {})'.format(
            name, data[:4].hex()))
    dtype = _TYPES[data[2]]
    ndim = data[3]
    header_size = 4 + 4 * ndim
    if len(data) < header_size:
        raise ValueError('{}: IDX header truncated'.format(name))
    shape = tuple(int(d) for d in numpy.frombuffer(data, '>u4', ndim, offset=4))
    expected = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    actual = len(data) - header_size
    if actual != expected:
        raise ValueError('{}: IDX data of shape {} needs {} bytes but the file holds {}'
                         .format(name, shape, expected, actual))
    array = numpy.frombuffer(data, dtype, offset=header_size).reshape(shape)
    return array.astype(dtype.newbyteorder('='))
