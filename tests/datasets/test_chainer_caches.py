"""The loaders use the caches a Chainer installation wrote, offline, without raw files."""

import hashlib
import os

import numpy
import pytest

from kusari import dataset
from kusari.dataset import download
from kusari.datasets import _loader
from kusari.datasets import get_cifar10
from kusari.datasets import get_cifar100
from kusari.datasets import get_fashion_mnist
from kusari.datasets import get_kuzushiji_mnist
from kusari.datasets import get_mnist
from kusari.datasets import get_mnist_or_digits
from kusari.datasets import get_ptb_words
from kusari.datasets import get_ptb_words_vocabulary
from kusari.datasets import get_svhn
from tests.compat import chainer_caches


@pytest.mark.parametrize('getter,name', [(get_mnist, 'mnist'),
                                         (get_fashion_mnist, 'fashion-mnist'),
                                         (get_kuzushiji_mnist, 'kuzushiji_mnist')])
def test_mnist_format(dataset_root, no_network, getter, name):
    arrays = chainer_caches.write_mnist(dataset_root, numpy.random.RandomState(0), 12, 5,
                                        name=name)
    train, test = getter(ndim=3, scale=255.)
    assert len(train) == 12 and len(test) == 5
    x, t = test[3]
    assert x.shape == (1, 28, 28) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    numpy.testing.assert_array_equal(x.reshape(784), arrays['test'][0][3])
    assert t == arrays['test'][1][3]


def test_mnist_or_digits_takes_mnist_from_the_cache(dataset_root, no_network):
    arrays = chainer_caches.write_mnist(dataset_root, numpy.random.RandomState(0), 12, 5)
    train, _ = get_mnist_or_digits(withlabel=False, scale=255.)
    numpy.testing.assert_array_equal(train, arrays['train'][0])


@pytest.mark.parametrize('getter,n_classes', [(get_cifar10, 10), (get_cifar100, 100)])
def test_cifar(dataset_root, no_network, getter, n_classes):
    arrays = chainer_caches.write_cifar(dataset_root, numpy.random.RandomState(0), n_classes,
                                        8, 4)
    train, test = getter(scale=255.)
    assert len(train) == 8 and len(test) == 4
    x, t = train[5]
    numpy.testing.assert_array_equal(x, arrays['train_x'][5].reshape(3, 32, 32))
    assert t == arrays['train_y'][5]


def test_svhn(dataset_root, no_network):
    arrays = chainer_caches.write_svhn(dataset_root, numpy.random.RandomState(0), 11, 3)
    train, test = get_svhn(scale=255.)
    assert len(train) == 11 and len(test) == 3
    x, t = train[9]
    numpy.testing.assert_array_equal(x, arrays['train'][0][:, :, :, 9].transpose(2, 0, 1))
    assert arrays['train'][1][9, 0] == 10 and t == 0  # the digit 0


def test_ptb(dataset_root, no_network):
    words, ids = chainer_caches.write_ptb(dataset_root, numpy.random.RandomState(0), 10,
                                          {'train': 30, 'valid': 6, 'test': 7})
    assert get_ptb_words_vocabulary() == {word: i for i, word in enumerate(words)}
    for split, loaded in zip(('train', 'valid', 'test'), get_ptb_words()):
        assert loaded.dtype == numpy.int32
        numpy.testing.assert_array_equal(loaded, ids[split])


def test_dataset_directory_is_chainers(dataset_root):
    path = dataset.get_dataset_directory('pfnet/chainer/mnist')
    assert path == str(dataset_root / 'pfnet' / 'chainer' / 'mnist')
    assert (dataset_root / 'pfnet' / 'chainer' / 'mnist').is_dir()


def test_raw_file_from_chainers_download_cache(dataset_root, no_network, tmp_path):
    # Chainer keeps the raw files it downloaded in _dl_cache/<MD5 of the URL>.
    content = b'raw dataset file'
    url = 'https://example.invalid/data/raw.bin'
    remote = _loader.RemoteFile('raw.bin', ('https://mirror.invalid/raw.bin', url),
                                hashlib.md5(content).hexdigest())
    chainer_copy = download.cached_download_path(url)
    assert chainer_copy == str(dataset_root / '_dl_cache' / hashlib.md5(url.encode()).hexdigest())
    os.makedirs(os.path.dirname(chainer_copy))
    with open(chainer_copy, 'wb') as f:
        f.write(b'damaged')
    with pytest.raises(download.DownloadError):  # not trusted, and offline
        _loader.fetch('get_raw', str(tmp_path / 'dir'), remote)
    with open(chainer_copy, 'wb') as f:
        f.write(content)
    assert _loader.fetch('get_raw', str(tmp_path / 'dir'), remote) == chainer_copy
