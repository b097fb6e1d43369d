"""datasets._mnist_helper: the two steps of Chainer's MNIST-format loaders."""

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import _mnist_helper, tuple_dataset


@pytest.fixture
def raw():
    rng = numpy.random.RandomState(0)
    return {'x': rng.randint(0, 256, (5, 784)).astype(numpy.uint8),
            'y': numpy.arange(5, dtype=numpy.uint8)}


def test_make_npz_reads_idx_files_into_chainers_cache(dataset_root, formats, tmp_path, raw):
    formats.write_idx(tmp_path / 'images.gz', raw['x'].reshape(5, 28, 28))
    formats.write_idx(tmp_path / 'labels.gz', raw['y'])
    urls = ((tmp_path / 'images.gz').as_uri(), (tmp_path / 'labels.gz').as_uri())
    path = tmp_path / 'cache.npz'
    arrays = download.cache_or_load_file(
        str(path), lambda p: _mnist_helper.make_npz(p, urls), numpy.load)
    with numpy.load(path) as saved:
        for key in ('x', 'y'):
            numpy.testing.assert_array_equal(arrays[key], raw[key])
            numpy.testing.assert_array_equal(saved[key], raw[key])
            assert saved[key].dtype == numpy.uint8


def test_make_npz_refuses_a_mismatched_pair(dataset_root, formats, tmp_path, raw):
    formats.write_idx(tmp_path / 'images.gz', raw['x'].reshape(5, 28, 28))
    formats.write_idx(tmp_path / 'labels.gz', raw['y'][:4])
    urls = ((tmp_path / 'images.gz').as_uri(), (tmp_path / 'labels.gz').as_uri())
    with pytest.raises(RuntimeError, match='5 images but .* 4 labels'):
        _mnist_helper.make_npz(str(tmp_path / 'cache.npz'), urls)


@pytest.mark.parametrize('ndim,rgb_format,shape', [
    (1, False, (784,)), (2, False, (28, 28)), (3, False, (1, 28, 28)), (3, True, (3, 28, 28))])
def test_preprocess_mnist_shapes(raw, ndim, rgb_format, shape):
    images = _mnist_helper.preprocess_mnist(raw, False, ndim, 1., numpy.float32, numpy.int32,
                                            rgb_format)
    assert images.shape == (5,) + shape and images.dtype == numpy.float32


def test_preprocess_mnist_scales_and_pairs_labels(raw):
    dataset = _mnist_helper.preprocess_mnist(raw, True, 1, 2., numpy.float64, numpy.int64,
                                             False)
    assert isinstance(dataset, tuple_dataset.TupleDataset)
    image, label = dataset[3]
    numpy.testing.assert_allclose(image, raw['x'][3] * (2. / 255.))
    assert image.dtype == numpy.float64
    assert label == 3 and label.dtype == numpy.int64
    with pytest.raises(ValueError, match='ndim'):
        _mnist_helper.preprocess_mnist(raw, True, 4, 1., numpy.float32, numpy.int32, False)
