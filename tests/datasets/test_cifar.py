import os
import pickle

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import cifar
from kusari.datasets import get_cifar10
from kusari.datasets import get_cifar100


def batch_arrays(rng, n, n_classes):
    return (rng.randint(0, 256, (n, 3072)).astype(numpy.uint8),
            rng.randint(0, n_classes, n).tolist())


@pytest.fixture
def small_cifar10(dataset_root, formats, monkeypatch):
    """A cifar-10-python.tar.gz with five 2-image training batches and a 3-image test batch."""
    rng = numpy.random.RandomState(0)
    members, train_x, train_y = {}, [], []
    for i in range(1, 6):
        x, y = batch_arrays(rng, 2, 10)
        train_x.append(x)
        train_y += y
        members['cifar-10-batches-py/data_batch_{}'.format(i)] = formats.py2_pickle(
            {'batch_label': 'training batch {} of 5'.format(i), 'labels': y, 'data': x,
             'filenames': 'unused'})
    test_x, test_y = batch_arrays(rng, 3, 10)
    members['cifar-10-batches-py/test_batch'] = formats.py2_pickle(
        {'batch_label': 'testing batch 1 of 1', 'labels': test_y, 'data': test_x})
    members['cifar-10-batches-py/batches.meta'] = formats.py2_pickle({'num_vis': 'x'})
    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10-python.tar.gz'
    path.parent.mkdir(parents=True)
    formats.write_tar_gz(path, members)
    name, _, split_members, label_key = cifar._ARCHIVES['cifar-10']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-10',
                        (name, formats.md5_of(path), split_members, label_key))
    return numpy.concatenate(train_x), numpy.array(train_y), test_x, numpy.array(test_y)


def test_get_cifar10_parses_the_pickled_batches(small_cifar10, dataset_root):
    train_x, train_y, test_x, test_y = small_cifar10
    train, test = get_cifar10()
    assert len(train) == 10 and len(test) == 3
    x, t = train[7]
    assert x.shape == (3, 32, 32) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    numpy.testing.assert_allclose(x, train_x[7].reshape(3, 32, 32) / 255., rtol=1e-6)
    assert [int(test[i][1]) for i in range(3)] == test_y.tolist()
    assert (dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').is_file()


def test_get_cifar10_options(small_cifar10):
    train_x = small_cifar10[0]
    train, _ = get_cifar10(withlabel=False, ndim=1, scale=2., dtype=numpy.float64)
    assert train.shape == (10, 3072) and train.dtype == numpy.float64
    numpy.testing.assert_allclose(train, train_x * 2. / 255.)
    with pytest.raises(ValueError, match='get_cifar10: ndim must be 1 or 3, got 2'):
        get_cifar10(ndim=2)


def test_get_cifar100_uses_fine_labels(dataset_root, formats, monkeypatch):
    rng = numpy.random.RandomState(1)
    tx, ty = batch_arrays(rng, 4, 100)
    vx, vy = batch_arrays(rng, 2, 100)
    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-100-python.tar.gz'
    path.parent.mkdir(parents=True)
    formats.write_tar_gz(path, {
        'cifar-100-python/train': formats.py2_pickle(
            {'data': tx, 'fine_labels': ty, 'coarse_labels': [0] * 4}),
        'cifar-100-python/test': formats.py2_pickle(
            {'data': vx, 'fine_labels': vy, 'coarse_labels': [0] * 2})})
    name, _, members, key = cifar._ARCHIVES['cifar-100']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-100', (name, formats.md5_of(path), members, key))
    train, test = get_cifar100(scale=255.)
    assert [int(train[i][1]) for i in range(4)] == ty
    numpy.testing.assert_array_equal(test[1][0].reshape(-1), vx[1])


def test_malicious_batch_is_refused(dataset_root, formats, monkeypatch):
    class Exploit:
        def __reduce__(self):
            return (os.system, ('echo should-not-run',))

    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-100-python.tar.gz'
    path.parent.mkdir(parents=True)
    formats.write_tar_gz(path, {'cifar-100-python/train': pickle.dumps(Exploit(), 2),
                                'cifar-100-python/test': b''})
    name, _, members, key = cifar._ARCHIVES['cifar-100']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-100', (name, formats.md5_of(path), members, key))
    with pytest.raises(ValueError, match='cifar-100-python/train.*refusing to load'):
        get_cifar100()


def test_batch_with_wrong_shape(dataset_root, formats, monkeypatch):
    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-100-python.tar.gz'
    path.parent.mkdir(parents=True)
    bad = formats.py2_pickle({'data': numpy.zeros((2, 100), numpy.uint8), 'fine_labels': [1, 2]})
    formats.write_tar_gz(path, {'cifar-100-python/train': bad, 'cifar-100-python/test': bad})
    name, _, members, key = cifar._ARCHIVES['cifar-100']
    monkeypatch.setitem(cifar._ARCHIVES, 'cifar-100', (name, formats.md5_of(path), members, key))
    with pytest.raises(ValueError, match=r'\(2, 100\).*expected \(N, 3072\)'):
        get_cifar100()


def test_offline_message(dataset_root, no_network):
    with pytest.raises(download.DownloadError) as info:
        get_cifar10()
    message = str(info.value)
    assert os.path.join(str(dataset_root), 'pfnet', 'chainer', 'cifar',
                        'cifar-10-python.tar.gz') in message
    assert 'c58f30108f718f92721af3b95e74349a' in message
    assert 'https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz' in message


def test_truncated_archive_is_a_checksum_error(small_cifar10, dataset_root):
    path = dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10-python.tar.gz'
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(download.ChecksumError, match='cifar-10-python.tar.gz'):
        get_cifar10()
    assert not (dataset_root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').exists()
