"""Loading the MNIST-format datasets (MNIST, Fashion-MNIST, Kuzushiji-MNIST).

Each is four gzipped IDX files with the same names. They are read from a directory of
raw files (downloaded into the dataset's directory when missing), checked against
their published MD5 and parsed; the arrays of each split are cached as ``train.npz`` /
``test.npz`` in the dataset's directory under the dataset root, in Chainer's directory
(``pfnet/chainer/<name>``) and layout, so that each uses the caches the other wrote.
"""

import os

import numpy

from kusari.dataset import download
from kusari.datasets import _idx
from kusari.datasets import _loader

FILE_NAMES = {
    'train': ('train-images-idx3-ubyte.gz', 'train-labels-idx1-ubyte.gz'),
    'test': ('t10k-images-idx3-ubyte.gz', 't10k-labels-idx1-ubyte.gz'),
}


class MnistFormatSource:
    """An MNIST-format dataset: directory name, download mirrors and MD5s.

    Args:
        directory_name (str): The subdirectory of the dataset root (Chainer's).
        base_urls (tuple of str): Mirrors, each ending with ``/``; tried in order.
        md5s (dict): The MD5 of each of the four files, by file name.
    """

    def __init__(self, directory_name, base_urls, md5s):
        self.directory_name = directory_name
        self.base_urls = base_urls
        self.md5s = md5s

    def remote(self, name):
        return _loader.RemoteFile(name, tuple(url + name for url in self.base_urls),
                                  self.md5s[name])

    def default_directory(self):
        return download.get_dataset_directory(self.directory_name, create_directory=False)


def has_all_files(directory):
    """Whether ``directory`` holds the four MNIST-format files."""
    return all(os.path.isfile(os.path.join(directory, name))
               for names in FILE_NAMES.values() for name in names)


IMAGE_SHAPE = (28, 28)

# The cache of a split, as Chainer writes it: n flattened images, n labels.
_CACHE_LAYOUT = {'x': (numpy.uint8, ('n', 784)), 'y': (numpy.uint8, ('n',))}


def load_split(function, source, raw_directory, split):
    """Raw (images, labels) of a split: uint8 (N, 28, 28) and uint8 (N,)."""

    def build():
        images_name, labels_name = FILE_NAMES[split]
        images = _idx.read_idx(
            _loader.fetch(function, raw_directory, source.remote(images_name)))
        labels = _idx.read_idx(
            _loader.fetch(function, raw_directory, source.remote(labels_name)))
        if images.shape[1:] != IMAGE_SHAPE or labels.ndim != 1 \
                or len(images) != len(labels):
            raise ValueError(
                '{}: {} holds images of shape {} but {} holds labels of shape {}; expected '
                '(N, 28, 28) and (N,)'.format(function, images_name, images.shape,
                                              labels_name, labels.shape))
        return {'x': images.reshape(len(images), -1).astype(numpy.uint8),
                'y': labels.astype(numpy.uint8)}

    arrays = _loader.cached_arrays(cache_path(source, split), build, _CACHE_LAYOUT)
    return arrays['x'].reshape((-1,) + IMAGE_SHAPE), arrays['y']


def cache_path(source, split):
    """Where the arrays of a split are cached (Chainer's ``train.npz``/``test.npz``)."""
    return os.path.join(source.default_directory(), split + '.npz')


def load(function, source, raw_directory, withlabel, ndim, scale, dtype, label_dtype,
         rgb_format):
    """The (train, test) pair that the public ``get_*`` functions return."""
    datasets = []
    for split in ('train', 'test'):
        images, labels = load_split(function, source, raw_directory, split)
        images = _loader.reshape_images(function, images, ndim, rgb_format)
        datasets.append(_loader.make_dataset(images, labels, withlabel, scale, 255.,
                                             dtype, label_dtype))
    return tuple(datasets)
