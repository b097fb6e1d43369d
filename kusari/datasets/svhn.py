"""SVHN: 32x32 colour images of house-number digits (read from MATLAB files with SciPy)."""

import os

import numpy

from kusari.dataset import download
from kusari.datasets import _loader

_BASE_URL = 'http://ufldl.stanford.edu/housenumbers/'
_FILES = {
    'train': ('train_32x32.mat', 'e26dedcc434d2e4c54c9b2d4a06d8373'),
    'test': ('test_32x32.mat', 'eb5a983be6a315427106f1b164d9cef3'),
    'extra': ('extra_32x32.mat', 'a93ce644f1a588dc4d68dda5feec44a7'),
}


def _loadmat(function, path):
    try:
        import scipy.io
    except ImportError as e:
        raise ImportError('{} reads the SVHN .mat files with SciPy, which is not installed; '
                          'install it with `pip install scipy`'.format(function)) from e
    try:
        return scipy.io.loadmat(path)
    except Exception as e:  # SciPy raises assorted errors for damaged files
        raise ValueError('{}: cannot read {}: {}'.format(function, path, e)) from e


# Chainer's cache of a split: the .mat file's arrays as they are, X of shape
# (row, column, channel, example) and y of shape (example, 1) with the digit 0 as 10.
_CACHE_LAYOUT = {'x': (numpy.uint8, (32, 32, 3, 'n')), 'y': (numpy.uint8, ('n', 1))}


def _load_split(function, split):
    """Images (N, 3, 32, 32) uint8 and labels (N,) uint8 (digit 0 as 0) of a split."""
    file_name, md5 = _FILES[split]
    directory = download.get_dataset_directory('pfnet/chainer/svhn', create_directory=False)

    def build():
        remote = _loader.RemoteFile(file_name, (_BASE_URL + file_name,), md5)
        path = _loader.fetch(function, directory, remote)
        mat = _loadmat(function, path)
        if 'X' not in mat or 'y' not in mat:
            raise ValueError('{}: {} lacks the X or y variable'.format(function, path))
        images, labels = mat['X'], numpy.asarray(mat['y'])
        if images.ndim != 4 or images.shape[:3] != (32, 32, 3) \
                or labels.shape != (images.shape[3], 1):
            raise ValueError('{}: {} holds X of shape {} and y of shape {}; expected '
                             '(32, 32, 3, N) and (N, 1)'.format(function, path, images.shape,
                                                                labels.shape))
        return {'x': images.astype(numpy.uint8), 'y': labels.astype(numpy.uint8)}

    arrays = _loader.cached_arrays(os.path.join(directory, split + '.npz'), build,
                                   _CACHE_LAYOUT)
    labels = arrays['y'].reshape(-1)
    return arrays['x'].transpose(3, 2, 0, 1), numpy.where(labels == 10, 0, labels)


def get_svhn(withlabel=True, scale=1., dtype=None, label_dtype=numpy.int32, add_extra=False):
    """Gets the SVHN dataset (73,257 training, 26,032 test colour images of digits).

    The arrays are read from Chainer's caches (``train.npz``, ``test.npz``, ``extra.npz``)
    in ``<dataset root>/pfnet/chainer/svhn/``. Without them (or when they are damaged),
    the files ``train_32x32.mat`` and ``test_32x32.mat`` (and ``extra_32x32.mat`` with
    ``add_extra``) are read from there, downloaded there if missing and checked against
    their published MD5 (without network access, put them there by hand), and the
    caches are written. Reading them needs SciPy. Images have shape (3, 32, 32); the
    digit 0 has label 0.

    Args:
        withlabel (bool): Return (image, label) pairs; otherwise only the images.
        scale (float): Pixels are scaled from [0, 255] to [0, ``scale``].
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.
        label_dtype: The dtype of the labels.
        add_extra (bool): Also return the 531,131 "extra" images.

    Returns:
        tuple: ``(train, test)`` datasets, or ``(train, test, extra)`` with ``add_extra``.
    """
    splits = ('train', 'test', 'extra') if add_extra else ('train', 'test')
    return tuple(
        _loader.make_dataset(x, y, withlabel, scale, 255., dtype, label_dtype)
        for x, y in (_load_split('get_svhn', split) for split in splits))
