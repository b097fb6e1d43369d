"""Chainer's ``chainer.datasets._mnist_helper``: the two steps of its MNIST-format loaders
(MNIST, Fashion-MNIST, Kuzushiji-MNIST, and other people's of the same format), for code that
builds a loader of its own from them. Both use kusari's IDX reader and dataset helpers."""

import numpy

from kusari.dataset import download
from kusari.datasets import _idx, _loader, _mnist_family


def make_npz(path, urls):
    """Downloads a pair of MNIST-format files and saves them as Chainer's cache.

    Args:
        path (str or file): where to save the ``.npz`` file.
        urls (tuple of str): the URLs of the (gzipped) IDX files of the images and of
            the labels.

    Returns:
        dict: ``'x'``, the images as uint8 rows (N, H*W), and ``'y'``, the uint8 labels
        (N,), as saved.
    """
    images_url, labels_url = urls
    images = _idx.read_idx(download.cached_download(images_url))
    labels = _idx.read_idx(download.cached_download(labels_url))
    if len(images) != len(labels):
        raise RuntimeError('make_npz: {} holds {} images but {} holds {} labels; not a pair '
                           'of MNIST-format files'.format(images_url, len(images),
                                                          labels_url, len(labels)))
    arrays = {'x': images.reshape(len(images), -1).astype(numpy.uint8),
              'y': labels.astype(numpy.uint8)}
    numpy.savez_compressed(path, **arrays)
    return arrays


def preprocess_mnist(raw, withlabel, ndim, scale, image_dtype, label_dtype, rgb_format):
    """The dataset the ``get_mnist``-style loaders return, from a cache ``make_npz`` wrote.

    Args:
        raw: a mapping with ``'x'`` (N, 784) uint8 images and ``'y'`` (N,) labels.
        withlabel, ndim, scale, rgb_format: as in :func:`kusari.datasets.get_mnist`.
        image_dtype, label_dtype: the dtypes of the images and labels.

    Returns:
        A TupleDataset of (image, label) pairs if ``withlabel``, else the images.
    """
    images = numpy.asarray(raw['x']).reshape((-1,) + _mnist_family.IMAGE_SHAPE)
    images = _loader.reshape_images('preprocess_mnist', images, ndim, rgb_format)
    return _loader.make_dataset(images, raw['y'], withlabel, scale, 255., image_dtype,
                                label_dtype)
