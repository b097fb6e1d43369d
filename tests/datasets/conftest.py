import gzip
import hashlib
import io
import pathlib
import struct
import tarfile
import types

import pytest

from kusari.dataset import download


@pytest.fixture
def dataset_root(tmp_path, monkeypatch):
    """An empty dataset root for the test."""
    root = tmp_path / 'dataset_root'
    root.mkdir()
    monkeypatch.setattr(download, '_dataset_root', str(root))
    return root


@pytest.fixture
def no_network(monkeypatch):
    """Makes every download fail as it does offline."""
    def refuse(url, out):
        raise download.DownloadError('could not download {}: <urlopen error network is '
                                     'unreachable>'.format(url))
    monkeypatch.setattr(download, '_fetch', refuse)


def md5_of(path):
    return hashlib.md5(pathlib.Path(path).read_bytes()).hexdigest()


def write_idx(path, array, type_code=0x08, gz=True):
    """Writes ``array`` in the IDX format (gzipped like the MNIST files)."""
    header = struct.pack('>BBBB', 0, 0, type_code, array.ndim)
    header += b''.join(struct.pack('>I', n) for n in array.shape)
    data = header + array.astype(array.dtype.newbyteorder('>')).tobytes()
    with (gzip.open if gz else open)(path, 'wb') as f:
        f.write(data)
    return data


def py2_pickle(d):
    """Protocol-2 bytes as Python 2's cPickle writes a CIFAR batch.

    ``d`` maps str keys to str, lists of ints, or 2-D uint8 arrays; strings become
    SHORT_BINSTRING/BINSTRING (Python 2 str) and arrays reference
    ``numpy.core.multiarray._reconstruct``, as in the original CIFAR files.
    """
    def string(s):
        b = s if isinstance(s, bytes) else s.encode('latin-1')
        if len(b) < 256:
            return b'U' + bytes([len(b)]) + b
        return b'T' + struct.pack('<i', len(b)) + b

    def integer(n):
        return b'J' + struct.pack('<i', n)

    out = [b'\x80\x02', b'}', b'(']
    for key, value in d.items():
        out.append(string(key))
        if isinstance(value, (str, bytes)):
            out.append(string(value))
        elif isinstance(value, list):
            out.append(b']' + b'(' + b''.join(integer(v) for v in value) + b'e')
        else:
            out += [b'cnumpy.core.multiarray\n_reconstruct\n', b'cnumpy\nndarray\n',
                    integer(0), b'\x85', string('b'), b'\x87', b'R',
                    b'(', integer(1), integer(value.shape[0]), integer(value.shape[1]), b'\x86',
                    b'cnumpy\ndtype\n', string('u1'), integer(0), integer(1), b'\x87', b'R',
                    b'(', integer(3), string('|'), b'N', b'N', b'N', integer(-1), integer(-1),
                    integer(0), b't', b'b',
                    b'\x89', string(value.tobytes()), b't', b'b']
    out += [b'u', b'.']
    return b''.join(out)


def write_tar_gz(path, members):
    """Writes a .tar.gz holding ``members`` (name -> bytes)."""
    with tarfile.open(path, 'w:gz') as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


@pytest.fixture
def formats():
    """Writers of the original file formats, for building small test datasets."""
    return types.SimpleNamespace(write_idx=write_idx, py2_pickle=py2_pickle,
                                 write_tar_gz=write_tar_gz, md5_of=md5_of)
