"""MNIST, and the MNIST-or-embedded-digits choice the examples use."""

import os

import numpy

from kusari.dataset import download
from kusari.datasets import _mnist_family
from kusari.datasets import digits

_SOURCE = _mnist_family.MnistFormatSource(
    'pfnet/chainer/mnist',
    ('https://ossci-datasets.s3.amazonaws.com/mnist/',
     'https://storage.googleapis.com/cvdf-datasets/mnist/',
     'http://yann.lecun.com/exdb/mnist/'),  # Chainer's (its download cache is looked up)
    {'train-images-idx3-ubyte.gz': 'f68b3c2dcbeaaa9fbdd348bbdeb94873',
     'train-labels-idx1-ubyte.gz': 'd53e105ee54ea40749a09fcbcd1e9432',
     't10k-images-idx3-ubyte.gz': '9fb629c4189551a2d022fa330f9573f3',
     't10k-labels-idx1-ubyte.gz': 'ec29112dd5afa0611ce80d1b7f02629c'})


def find_mnist_directory(root=None):
    """The directory holding the four MNIST files, or ``None`` if there is none.

    It looks at ``<root>/pfnet/chainer/mnist`` (the dataset's directory, as in Chainer)
    and then ``root`` itself, with ``root`` defaulting to the dataset root (see
    :func:`kusari.dataset.get_dataset_root`). The files are the standard
    ``train-images-idx3-ubyte.gz``, ``train-labels-idx1-ubyte.gz``,
    ``t10k-images-idx3-ubyte.gz`` and ``t10k-labels-idx1-ubyte.gz``.

    Args:
        root (str or os.PathLike): Where to look; the dataset root by default.

    Returns:
        str or None: The directory.
    """
    root = download.get_dataset_root() if root is None else os.fspath(root)
    for directory in (os.path.join(root, _SOURCE.directory_name), root):
        if _mnist_family.has_all_files(directory):
            return directory
    return None


def get_mnist(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
              rgb_format=False):
    """Gets the MNIST dataset of handwritten digits (60,000 training, 10,000 test).

    The arrays are read from Chainer's cache, ``train.npz`` and ``test.npz`` in
    ``<dataset root>/pfnet/chainer/mnist/``. Without it (or when it is damaged), the four
    original IDX files are looked up there (or in the dataset root itself), downloaded
    there if missing, checked against their published MD5 and parsed, and the cache is
    written. Without network access, put the four files in that directory.

    Args:
        withlabel (bool): Return (image, label) pairs; otherwise only the images.
        ndim (int): 1 for images of shape (784,), 2 for (28, 28), 3 for (1, 28, 28).
        scale (float): Pixels are scaled from [0, 255] to [0, ``scale``].
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.
        label_dtype: The dtype of the labels.
        rgb_format (bool): With ``ndim == 3``, repeat the grey channel to make images
            of shape (3, 28, 28).

    Returns:
        tuple: ``(train, test)``, each a :class:`~kusari.datasets.TupleDataset` of
        (image, label) if ``withlabel``, else an array of images.
    """
    directory = find_mnist_directory() or _SOURCE.default_directory()
    return _mnist_family.load('get_mnist', _SOURCE, directory, withlabel, ndim, scale,
                              dtype, label_dtype, rgb_format)


def get_mnist_or_digits(root=None, **kwargs):
    """MNIST if its files are at hand, else the small digits dataset shipped with kusari.

    MNIST is used when :func:`find_mnist_directory` finds the four MNIST files under
    ``root`` or, without ``root``, when the dataset root holds the cache
    :func:`get_mnist` writes (as Chainer's does); nothing is downloaded. Otherwise the
    embedded 8x8 digits of :func:`get_digits` are returned, so a program works offline.
    The two take the same keyword arguments.

    Args:
        root (str or os.PathLike): Where to look for MNIST (see
            :func:`find_mnist_directory`).
        **kwargs: ``withlabel``, ``ndim``, ``scale``, ``dtype``, ``label_dtype``,
            ``rgb_format``, as in :func:`get_mnist`.

    Returns:
        tuple: ``(train, test)`` as :func:`get_mnist` returns them.
    """
    directory = find_mnist_directory(root)
    if directory is None and (root is not None or not _has_cache()):
        return digits.get_digits(**kwargs)
    options = dict(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
                   rgb_format=False)
    unknown = set(kwargs) - set(options)
    if unknown:
        raise TypeError('get_mnist_or_digits: unexpected keyword argument(s) {}'.format(
            ', '.join(sorted(unknown))))
    options.update(kwargs)
    return _mnist_family.load('get_mnist_or_digits', _SOURCE,
                              directory or _SOURCE.default_directory(), **options)


def _has_cache():
    return all(os.path.isfile(_mnist_family.cache_path(_SOURCE, split))
               for split in ('train', 'test'))
