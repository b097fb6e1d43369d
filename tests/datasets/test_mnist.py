import os
import pathlib

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import _mnist_family
from kusari.datasets import fashion_mnist
from kusari.datasets import get_fashion_mnist
from kusari.datasets import get_fashion_mnist_labels
from kusari.datasets import get_kuzushiji_mnist
from kusari.datasets import get_kuzushiji_mnist_labels
from kusari.datasets import get_mnist
from kusari.datasets import get_mnist_or_digits
from kusari.datasets import find_mnist_directory
from kusari.datasets import kuzushiji_mnist
from kusari.datasets import mnist
from kusari.datasets import TupleDataset

FILES = ('train-images-idx3-ubyte.gz', 'train-labels-idx1-ubyte.gz',
         't10k-images-idx3-ubyte.gz', 't10k-labels-idx1-ubyte.gz')


def shared_mnist_directory():
    """The project's copy of the MNIST files (``../shared/data/mnist``), if present."""
    directory = os.environ.get('KUSARI_TEST_MNIST_DIR') or (
        pathlib.Path(__file__).parents[2] / '..' / 'shared' / 'data' / 'mnist')
    directory = pathlib.Path(directory)
    return directory if _mnist_family.has_all_files(directory) else None


def make_mnist_files(directory, formats, n_train=7, n_test=3, seed=0):
    """Writes four small MNIST-format files; returns their arrays and MD5s."""
    rng = numpy.random.RandomState(seed)
    arrays = {
        'train': (rng.randint(0, 256, (n_train, 28, 28)).astype(numpy.uint8),
                  rng.randint(0, 10, n_train).astype(numpy.uint8)),
        'test': (rng.randint(0, 256, (n_test, 28, 28)).astype(numpy.uint8),
                 rng.randint(0, 10, n_test).astype(numpy.uint8)),
    }
    directory.mkdir(parents=True, exist_ok=True)
    md5s = {}
    for split, names in _mnist_family.FILE_NAMES.items():
        for name, array in zip(names, arrays[split]):
            formats.write_idx(directory / name, array)
            md5s[name] = formats.md5_of(directory / name)
    return arrays, md5s


@pytest.fixture
def small_mnist(dataset_root, formats, monkeypatch):
    arrays, md5s = make_mnist_files(dataset_root / 'pfnet' / 'chainer' / 'mnist', formats)
    for name, md5 in md5s.items():
        monkeypatch.setitem(mnist._SOURCE.md5s, name, md5)
    return arrays


def test_get_mnist_parses_the_idx_files(small_mnist):
    train, test = get_mnist()
    assert isinstance(train, TupleDataset) and len(train) == 7 and len(test) == 3
    x, t = train[2]
    assert x.shape == (784,) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    numpy.testing.assert_allclose(x, small_mnist['train'][0][2].reshape(784) / 255., rtol=1e-6)
    assert t == small_mnist['train'][1][2]
    assert test[1][1] == small_mnist['test'][1][1]


@pytest.mark.parametrize('ndim,rgb,shape', [(1, False, (784,)), (2, False, (28, 28)),
                                            (3, False, (1, 28, 28)), (3, True, (3, 28, 28)),
                                            (1, True, (784,))])
def test_get_mnist_shapes(small_mnist, ndim, rgb, shape):
    train, _ = get_mnist(withlabel=False, ndim=ndim, rgb_format=rgb)
    assert isinstance(train, numpy.ndarray) and train.shape == (7,) + shape
    if rgb and ndim == 3:
        numpy.testing.assert_array_equal(train[:, 0], train[:, 2])


def test_get_mnist_scale_and_dtypes(small_mnist):
    train, _ = get_mnist(scale=3., dtype=numpy.float64, label_dtype=numpy.int64)
    x, t = train[0]
    assert x.dtype == numpy.float64 and t.dtype == numpy.int64
    numpy.testing.assert_allclose(x, small_mnist['train'][0][0].reshape(-1) * 3. / 255.)
    images, _ = get_mnist(withlabel=False, dtype=numpy.float16)
    assert images.dtype == numpy.float16


def test_get_mnist_bad_ndim(small_mnist):
    with pytest.raises(ValueError, match='get_mnist: ndim must be 1, 2 or 3, got 4'):
        get_mnist(ndim=4)


def test_get_mnist_caches_npz_and_uses_it(small_mnist, dataset_root):
    get_mnist()
    cache = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    assert cache.is_file() and cache.with_name('test.npz').is_file()
    for name in FILES:  # the cache alone is enough now
        (dataset_root / 'pfnet' / 'chainer' / 'mnist' / name).unlink()
    train, _ = get_mnist(withlabel=False, ndim=2, scale=255.)
    numpy.testing.assert_array_equal(train, small_mnist['train'][0])
    assert [n for n in os.listdir(cache.parent) if n.startswith('.')] == []


def test_damaged_cache_is_rebuilt(small_mnist, dataset_root):
    get_mnist()
    cache = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    cache.write_bytes(cache.read_bytes()[:100])
    train, _ = get_mnist(withlabel=False, ndim=2, scale=255.)
    numpy.testing.assert_array_equal(train, small_mnist['train'][0])
    with numpy.load(cache) as f:  # replaced by a good one, in Chainer's layout
        numpy.testing.assert_array_equal(f['x'], small_mnist['train'][0].reshape(7, 784))


def test_downloads_from_the_mirror_and_verifies(dataset_root, formats, monkeypatch, tmp_path):
    mirror = tmp_path / 'mirror'
    arrays, md5s = make_mnist_files(mirror, formats)
    for name, md5 in md5s.items():
        monkeypatch.setitem(mnist._SOURCE.md5s, name, md5)
    monkeypatch.setattr(mnist._SOURCE, 'base_urls', ('http://127.0.0.1:9/dead/',
                                                     mirror.as_uri() + '/'))
    train, test = get_mnist()
    assert len(train) == 7
    assert sorted(os.listdir(dataset_root / 'pfnet' / 'chainer' / 'mnist')) == sorted(
        FILES + ('test.npz', 'train.npz'))


def test_corrupted_download_is_a_checksum_error_and_not_kept(dataset_root, formats,
                                                             monkeypatch, tmp_path):
    mirror = tmp_path / 'mirror'
    make_mnist_files(mirror, formats)
    monkeypatch.setattr(mnist._SOURCE, 'base_urls', (mirror.as_uri() + '/',))
    # the published MD5s do not match these files, as if the download were corrupted
    with pytest.raises(download.ChecksumError) as info:
        get_mnist()
    message = str(info.value)
    assert 'train-images-idx3-ubyte.gz' in message and 'f68b3c2dcbeaaa9fbdd348bbdeb94873' in message
    directory = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    assert not directory.exists() or os.listdir(directory) == []


def test_existing_damaged_file_is_reported(small_mnist, dataset_root):
    path = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 't10k-labels-idx1-ubyte.gz'
    path.write_bytes(path.read_bytes()[:-3])
    with pytest.raises(download.ChecksumError) as info:
        get_mnist()
    assert str(path) in str(info.value) and 'Delete it' in str(info.value)


def test_offline_error_says_which_file_to_put_where(dataset_root, no_network):
    with pytest.raises(download.DownloadError) as info:
        get_mnist()
    message = str(info.value)
    expected_path = os.path.join(str(dataset_root), 'pfnet', 'chainer', 'mnist',
                                 'train-images-idx3-ubyte.gz')
    assert message.startswith('get_mnist:')
    assert expected_path in message
    assert 'f68b3c2dcbeaaa9fbdd348bbdeb94873' in message
    assert 'network is unreachable' in message


def test_find_mnist_directory(dataset_root, formats, tmp_path):
    assert find_mnist_directory() is None
    make_mnist_files(tmp_path / 'flat', formats)
    assert find_mnist_directory(tmp_path / 'flat') == str(tmp_path / 'flat')
    make_mnist_files(dataset_root / 'pfnet' / 'chainer' / 'mnist', formats)
    assert find_mnist_directory() == str(dataset_root / 'pfnet' / 'chainer' / 'mnist')


def test_mnist_or_digits_falls_back_to_embedded_digits(dataset_root, no_network):
    train, test = get_mnist_or_digits(ndim=3)
    assert len(train) == 1497 and len(test) == 300
    assert train[0][0].shape == (1, 8, 8)


def test_mnist_or_digits_uses_mnist_in_a_given_directory(dataset_root, formats, monkeypatch,
                                                         tmp_path):
    arrays, md5s = make_mnist_files(tmp_path / 'elsewhere', formats, n_train=5)
    for name, md5 in md5s.items():
        monkeypatch.setitem(mnist._SOURCE.md5s, name, md5)
    train, test = get_mnist_or_digits(root=tmp_path / 'elsewhere', withlabel=False, ndim=2,
                                      scale=255.)
    numpy.testing.assert_array_equal(train, arrays['train'][0])
    with pytest.raises(TypeError, match='bogus'):
        get_mnist_or_digits(root=tmp_path / 'elsewhere', bogus=1)


def test_read_only_raw_directory_is_not_written(dataset_root, formats, monkeypatch, tmp_path):
    directory = tmp_path / 'readonly'
    _, md5s = make_mnist_files(directory, formats)
    for name, md5 in md5s.items():
        monkeypatch.setitem(mnist._SOURCE.md5s, name, md5)
    directory.chmod(0o555)
    try:
        get_mnist_or_digits(root=directory)
        assert sorted(os.listdir(directory)) == sorted(FILES)
    finally:
        directory.chmod(0o755)


@pytest.mark.parametrize('getter,module,name', [
    (get_fashion_mnist, fashion_mnist, 'pfnet/chainer/fashion-mnist'),
    (get_kuzushiji_mnist, kuzushiji_mnist, 'pfnet/chainer/kuzushiji_mnist')])
def test_other_mnist_format_datasets(dataset_root, formats, monkeypatch, getter, module, name):
    arrays, md5s = make_mnist_files(dataset_root / name, formats, seed=5)
    for file_name, md5 in md5s.items():
        monkeypatch.setitem(module._SOURCE.md5s, file_name, md5)
    train, test = getter(ndim=3, scale=255., dtype=numpy.float64)
    assert train[0][0].shape == (1, 28, 28)
    numpy.testing.assert_array_equal(train[4][0][0], arrays['train'][0][4])
    assert test[2][1] == arrays['test'][1][2]


def test_label_names():
    labels = get_fashion_mnist_labels()
    assert isinstance(labels, list) and labels[0] == 'T-shirt/top' and len(labels) == 10
    labels.clear()  # a new list each time
    assert len(get_fashion_mnist_labels()) == 10
    labels = get_kuzushiji_mnist_labels()
    assert labels[0] == ('o', '\u304a') and labels[9] == ('wo', '\u3092')


needs_shared_mnist = pytest.mark.skipif(shared_mnist_directory() is None,
                                        reason='the MNIST files are not at ../shared/data/mnist')


@needs_shared_mnist
def test_real_test_split_parses_and_verifies(dataset_root):
    images, labels = _mnist_family.load_split('get_mnist', mnist._SOURCE,
                                              str(shared_mnist_directory()), 'test')
    assert images.shape == (10000, 28, 28) and images.dtype == numpy.uint8
    assert numpy.bincount(labels).tolist() == [980, 1135, 1032, 1010, 982, 892, 958, 1028,
                                               974, 1009]
    assert os.listdir(dataset_root) == ['pfnet']  # the cache went to the test's root


@pytest.mark.slow
@needs_shared_mnist
def test_get_mnist_on_the_real_files(dataset_root):
    source = shared_mnist_directory()
    (dataset_root / 'pfnet' / 'chainer' / 'mnist').mkdir(parents=True)
    for name in FILES:  # links: the cache goes to the test's root, never to shared data
        os.symlink(source / name, dataset_root / 'pfnet' / 'chainer' / 'mnist' / name)
    train, test = get_mnist(withlabel=True, ndim=1, scale=255.)
    assert len(train) == 60000 and len(test) == 10000
    images, labels = train._datasets
    assert images.shape == (60000, 784) and images.dtype == numpy.float32
    assert abs(images.mean() - 33.318) < 1e-3
    assert numpy.bincount(labels).tolist() == [5923, 6742, 5958, 6131, 5842, 5421, 5918,
                                               6265, 5851, 5949]
    assert numpy.bincount(test._datasets[1]).tolist() == [980, 1135, 1032, 1010, 982, 892,
                                                          958, 1028, 974, 1009]
    assert images.min() == 0 and images.max() == 255
