"""Untrusted dataset files: raw files are checked before use, caches are rebuilt when
they are damaged or not what the loader wrote, and archives never write outside.
"""

import io
import os
import pickle
import random
import tarfile

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import _mnist_family, cifar, get_cifar10, get_mnist, get_ptb_words, mnist
from kusari.datasets import ptb
from tests.datasets.conftest import md5_of, py2_pickle, write_idx, write_tar_gz

FAST_CASES, SLOW_CASES = 40, 600


@pytest.fixture
def dataset_root(tmp_path, monkeypatch):
    root = tmp_path / 'dataset_root'
    root.mkdir(parents=True)
    monkeypatch.setattr(download, '_dataset_root', str(root))
    return root


@pytest.fixture
def offline(monkeypatch):
    def refuse(url, out):
        raise download.DownloadError('could not download {}: network is unreachable'.format(
            url))
    monkeypatch.setattr(download, '_fetch', refuse)


@pytest.fixture
def small_mnist(dataset_root, monkeypatch):
    """Four small MNIST files (7 training, 3 test images) with their MD5s registered."""
    rng = numpy.random.RandomState(0)
    arrays = {'train': (rng.randint(0, 256, (7, 28, 28)).astype(numpy.uint8),
                        rng.randint(0, 10, 7).astype(numpy.uint8)),
              'test': (rng.randint(0, 256, (3, 28, 28)).astype(numpy.uint8),
                       rng.randint(0, 10, 3).astype(numpy.uint8))}
    directory = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    directory.mkdir(parents=True)
    for split, names in _mnist_family.FILE_NAMES.items():
        for name, array in zip(names, arrays[split]):
            write_idx(directory / name, array)
            monkeypatch.setitem(mnist._SOURCE.md5s, name, md5_of(directory / name))
    return arrays


def assert_mnist_is(arrays, train, test):
    for split, dataset in (('train', train), ('test', test)):
        images, labels = arrays[split]
        assert len(dataset) == len(images)
        for i in range(len(images)):
            x, t = dataset[i]
            numpy.testing.assert_allclose(x, images[i].reshape(-1) / 255., rtol=1e-6)
            assert t == labels[i]


def flip_bits(data, rng):
    damaged = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        damaged[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def check_damaged_caches(small_mnist, dataset_root, count, seed):
    """A damaged cache is rebuilt from the raw files: the data is always right."""
    get_mnist()
    cache = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    good = cache.read_bytes()
    rng = random.Random(seed)
    for _ in range(count):
        if rng.random() < 0.3:
            cache.write_bytes(good[:rng.randrange(len(good))])
        else:
            cache.write_bytes(flip_bits(good, rng))
        assert_mnist_is(small_mnist, *get_mnist())
        with numpy.load(cache) as npz:  # and the cache is whole again
            numpy.testing.assert_array_equal(npz['x'], small_mnist['train'][0].reshape(7, 784))


def test_damaged_caches_are_rebuilt(small_mnist, dataset_root):
    check_damaged_caches(small_mnist, dataset_root, FAST_CASES, seed=0)


@pytest.mark.slow
def test_many_damaged_caches_are_rebuilt(small_mnist, dataset_root):
    check_damaged_caches(small_mnist, dataset_root, SLOW_CASES, seed=1)


@pytest.mark.parametrize('cache', [
    {'x': numpy.zeros((7, 784), numpy.uint8)},                                  # a key missing
    {'x': numpy.zeros((7, 28, 28), numpy.uint8), 'y': numpy.zeros(7, numpy.uint8)},  # layout
    {'x': numpy.zeros((7, 784), numpy.uint8), 'y': numpy.zeros(6, numpy.uint8)},  # lengths
    {'x': numpy.zeros((7, 784), numpy.float64), 'y': numpy.zeros(7, numpy.uint8)},  # dtype
    {'x': numpy.zeros((7, 784), numpy.uint8), 'y': numpy.zeros(7, numpy.uint8),
     'extra': numpy.zeros(1)},                                                   # extra key
    {'x': numpy.array([None] * 7, object), 'y': numpy.zeros(7, numpy.uint8)},   # pickles
])
def test_caches_not_written_by_this_loader_are_rebuilt(small_mnist, dataset_root, cache):
    path = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    with open(path, 'wb') as f:
        numpy.savez(f, **cache)
    assert_mnist_is(small_mnist, *get_mnist())
    with numpy.load(path) as npz:
        numpy.testing.assert_array_equal(npz['x'], small_mnist['train'][0].reshape(7, 784))


def test_cache_holding_a_pickle_is_never_unpickled(small_mnist, dataset_root):
    marker = dataset_root / 'pwned'

    class Evil:
        def __reduce__(self):
            return open, (str(marker), 'w')

    path = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    with open(path, 'wb') as f:
        numpy.savez(f, x=numpy.array([Evil()], object), y=numpy.zeros(1, numpy.uint8))
    assert_mnist_is(small_mnist, *get_mnist())
    assert not marker.exists()


@pytest.mark.parametrize('damage', ['flip', 'truncate', 'replace'])
def test_damaged_raw_files_are_refused_before_parsing(small_mnist, dataset_root, offline,
                                                      monkeypatch, damage):
    raw = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train-images-idx3-ubyte.gz'
    data = raw.read_bytes()
    raw.write_bytes({'flip': flip_bits(data, random.Random(0)), 'truncate': data[:-10],
                     'replace': b'not the MNIST images'}[damage])
    parsed = []
    monkeypatch.setattr('kusari.datasets._idx.read_idx', lambda path: parsed.append(path))
    with pytest.raises(download.ChecksumError, match='train-images-idx3-ubyte.gz') as info:
        get_mnist()
    assert 'MD5' in str(info.value)
    assert parsed == []                      # nothing was parsed
    assert not raw.with_name('train.npz').exists()   # nothing was cached


def test_bad_download_is_not_kept(dataset_root, tmp_path):
    source = tmp_path / 'served'
    source.write_bytes(b'the real contents')
    path = dataset_root / 'file.bin'
    with pytest.raises(download.ChecksumError, match='MD5'):
        download.download(source.as_uri(), str(path), md5='0' * 32)
    assert os.listdir(dataset_root) == []    # neither the file nor a temporary one
    download.download(source.as_uri(), str(path), md5=md5_of(source))
    assert path.read_bytes() == b'the real contents'


# -- CIFAR archives --------------------------------------------------------------------

def cifar_members(rng):
    members = {}
    for i in range(1, 6):
        members['cifar-10-batches-py/data_batch_{}'.format(i)] = py2_pickle(
            {'labels': rng.randint(0, 10, 2).tolist(),
             'data': rng.randint(0, 256, (2, 3072)).astype(numpy.uint8)})
    members['cifar-10-batches-py/test_batch'] = py2_pickle(
        {'labels': [1, 2, 3], 'data': rng.randint(0, 256, (3, 3072)).astype(numpy.uint8)})
    return members


def install_cifar(dataset_root, monkeypatch, add_members):
    """A CIFAR-10 archive with extra (hostile) members, registered with its MD5."""
    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10-python.tar.gz'
    path.parent.mkdir(parents=True, exist_ok=True)
    members = cifar_members(numpy.random.RandomState(0))
    with tarfile.open(path, 'w:gz') as archive:
        add_members(archive)
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    name, _, split_members, label_key = cifar._ARCHIVES['cifar-10']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-10',
                        (name, md5_of(path), split_members, label_key))
    return path


def test_cifar_archive_members_outside_the_directory_are_never_written(
        dataset_root, tmp_path, monkeypatch):
    outside = tmp_path / 'outside'
    outside.mkdir(parents=True)

    def add_hostile(archive):
        for name in ('../../outside/escaped', str(outside / 'absolute'),
                     'cifar-10-batches-py/../../../outside/dotdot'):
            info = tarfile.TarInfo(name)
            info.size = 4
            archive.addfile(info, io.BytesIO(b'evil'))
        link = tarfile.TarInfo('cifar-10-batches-py/link')
        link.type = tarfile.SYMTYPE
        link.linkname = str(outside)
        archive.addfile(link)

    install_cifar(dataset_root, monkeypatch, add_hostile)
    before = set(os.listdir(dataset_root / 'pfnet' / 'chainer' / 'cifar'))
    train, test = get_cifar10()
    assert len(train) == 10 and len(test) == 3
    assert os.listdir(outside) == []
    # Only the cache was added beside the archive: members are read, never extracted.
    after = set(os.listdir(dataset_root / 'pfnet' / 'chainer' / 'cifar'))
    assert after - before == {'cifar-10.npz'}


def test_cifar_batch_that_is_a_link_out_of_the_archive_is_refused(dataset_root, monkeypatch,
                                                                  tmp_path):
    secret = tmp_path / 'secret'
    secret.write_bytes(py2_pickle({'labels': [0], 'data': numpy.zeros((1, 3072), 'u1')}))

    def add_links(archive):
        link = tarfile.TarInfo('cifar-10-batches-py/data_batch_1')
        link.type = tarfile.SYMTYPE
        link.linkname = str(secret)
        archive.addfile(link)

    path = install_cifar(dataset_root, monkeypatch, add_links)
    with tarfile.open(path) as archive:  # the link comes first; the real batch wins later
        names = archive.getnames()
    assert names.count('cifar-10-batches-py/data_batch_1') == 2
    train, _ = get_cifar10()
    assert len(train) == 10  # the regular member is read, the file outside never


def test_cifar_batch_holding_code_is_refused_unrun(dataset_root, monkeypatch, tmp_path):
    marker = tmp_path / 'pwned'

    class Evil:
        def __reduce__(self):
            return open, (str(marker), 'w')

    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10-python.tar.gz'
    path.parent.mkdir(parents=True)
    members = cifar_members(numpy.random.RandomState(0))
    members['cifar-10-batches-py/data_batch_3'] = pickle.dumps({'data': Evil()}, protocol=2)
    write_tar_gz(path, members)
    name, _, split_members, label_key = cifar._ARCHIVES['cifar-10']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-10',
                        (name, md5_of(path), split_members, label_key))
    with pytest.raises(ValueError, match='data_batch_3.*refusing'):
        get_cifar10()
    assert not marker.exists()
    assert not (dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').exists()


def test_cifar_archive_with_the_wrong_checksum_is_never_opened(dataset_root, monkeypatch,
                                                                offline):
    install_cifar(dataset_root, monkeypatch, lambda archive: None)
    name, _, split_members, label_key = cifar._ARCHIVES['cifar-10']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-10', (name, 'f' * 32, split_members, label_key))
    opened = []
    monkeypatch.setattr(tarfile, 'open', lambda *a, **k: opened.append(a))
    with pytest.raises(download.ChecksumError, match='cifar-10-python.tar.gz'):
        get_cifar10()
    assert opened == []


def check_damaged_cifar_archives(dataset_root, monkeypatch, count, seed):
    """Bit flips in an archive whose checksum matches anyway (as if the publisher shipped
    it damaged): a ValueError naming the archive, or arrays of the right layout (the
    MD5 is what guarantees the values; the parser only guarantees it never crashes)."""
    path = install_cifar(dataset_root, monkeypatch, lambda archive: None)
    good = path.read_bytes()
    rng = random.Random(seed)
    name, _, split_members, label_key = cifar._ARCHIVES['cifar-10']
    cache = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz'
    for _ in range(count):
        cache.unlink(missing_ok=True)
        path.write_bytes(flip_bits(good, rng))
        monkeypatch.setitem(cifar._ARCHIVES, 'cifar-10',
                            (name, md5_of(path), split_members, label_key))
        try:
            train, test = get_cifar10(withlabel=False, ndim=1)
        except ValueError as e:
            assert 'cifar-10-python.tar.gz' in str(e)
        else:
            assert train.shape == (10, 3072) and test.shape == (3, 3072)


def test_damaged_cifar_archives_fail_cleanly(dataset_root, monkeypatch):
    check_damaged_cifar_archives(dataset_root, monkeypatch, FAST_CASES, seed=0)


@pytest.mark.slow
def test_many_damaged_cifar_archives_fail_cleanly(dataset_root, monkeypatch):
    check_damaged_cifar_archives(dataset_root, monkeypatch, SLOW_CASES, seed=1)


@pytest.mark.parametrize('vocabulary,train_cache', [
    (b'a\nb\nc\n<eos>\n', {'train': numpy.zeros(3, numpy.int32)}),     # kusari's old key
    (b'a\nb\nc\n<eos>\n', {'x': numpy.zeros(3, numpy.int64)}),         # dtype
    (b'a\nb\nc\n<eos>\n', {'x': numpy.array([0, 9], numpy.int32)}),    # IDs out of range
    (b'a\nb b\nc\n', {'x': numpy.zeros(3, numpy.int32)}),             # two words a line
    (b'a\na\nb\n', {'x': numpy.zeros(3, numpy.int32)}),               # a word twice
    (b'a\nb\n\xff\n', {'x': numpy.zeros(3, numpy.int32)}),           # not UTF-8
    (b'a\nb\nc\n<eos>', {'x': numpy.zeros(3, numpy.int32)}),          # cut short
])
def test_ptb_caches_of_another_layout_are_rebuilt(dataset_root, monkeypatch, vocabulary,
                                                  train_cache):
    directory = dataset_root / 'pfnet' / 'chainer' / 'ptb'
    directory.mkdir(parents=True)
    texts = {'train': 'a b c\nb c\n', 'valid': 'c a\n', 'test': 'b\n'}
    for split, text in texts.items():
        file_name, _ = ptb._FILES[split]
        (directory / file_name).write_text(text)
        monkeypatch.setitem(ptb._FILES, split, (file_name, md5_of(directory / file_name)))
    (directory / 'vocab.txt').write_bytes(vocabulary)
    with open(directory / 'train.npz', 'wb') as f:
        numpy.savez(f, **train_cache)
    train, valid, test = get_ptb_words()
    numpy.testing.assert_array_equal(train, [0, 1, 2, 3, 1, 2, 3])
    numpy.testing.assert_array_equal(valid, [2, 0, 3])
    numpy.testing.assert_array_equal(test, [1, 3])
    with numpy.load(directory / 'train.npz') as npz:  # and the caches are whole again
        numpy.testing.assert_array_equal(npz['x'], train)
