"""CIFAR-10 and CIFAR-100: 32x32 colour images in 10 or 100 classes.

The official "python version" archives hold pickled batches; they are read with a
restricted unpickler that accepts only plain data and numeric arrays, so a tampered
archive cannot run code.
"""

import os
import pickle
import tarfile
import zlib

import numpy

from kusari.dataset import download
from kusari.datasets import _loader
from kusari.datasets import _safe_pickle

_BASE_URLS = ('https://www.cs.toronto.edu/~kriz/',)

# name: (archive, MD5, {split: members of the archive}, key of the labels)
_ARCHIVES = {
    'cifar-10': ('cifar-10-python.tar.gz', 'c58f30108f718f92721af3b95e74349a',
                 {'train': ['cifar-10-batches-py/data_batch_{}'.format(i) for i in range(1, 6)],
                  'test': ['cifar-10-batches-py/test_batch']},
                 'labels'),
    'cifar-100': ('cifar-100-python.tar.gz', 'eb9058c3a382ffc7106e4002c42a8d85',
                  {'train': ['cifar-100-python/train'], 'test': ['cifar-100-python/test']},
                  'fine_labels'),
}


def _read_batch(function, archive, archive_path, member, label_key):
    """(images (N, 3072) uint8, labels (N,) uint8) of one pickled batch of the archive."""
    try:
        with archive.extractfile(member) as f:
            batch = _safe_pickle.load(f)
    except KeyError:
        raise ValueError('{}: {} has no member {}'.format(function, archive_path,
                                                          member)) from None
    except (pickle.UnpicklingError, tarfile.TarError, OSError, EOFError, zlib.error) as e:
        raise ValueError('{}: cannot read {} in {}: {}'.format(
            function, member, archive_path, e)) from e
    if not isinstance(batch, dict):
        raise ValueError('{}: {} in {} is not a dict'.format(function, member, archive_path))
    batch = {(k.decode('latin-1') if isinstance(k, bytes) else k): v for k, v in batch.items()}
    if 'data' not in batch or label_key not in batch:
        raise ValueError('{}: {} in {} lacks the "data" or "{}" entry'.format(
            function, member, archive_path, label_key))
    images = numpy.asarray(batch['data'])
    labels = numpy.asarray(batch[label_key])
    if images.dtype != numpy.uint8 or images.ndim != 2 or images.shape[1] != 3072 \
            or labels.shape != (len(images),):
        raise ValueError('{}: {} in {} holds data of shape {} and dtype {} with labels of '
                         'shape {}; expected (N, 3072) uint8 and (N,)'.format(
                             function, member, archive_path, images.shape, images.dtype,
                             labels.shape))
    return images, labels.astype(numpy.uint8)


_CACHE_LAYOUT = {'train_x': (numpy.uint8, ('n', 3072)), 'train_y': (numpy.uint8, ('n',)),
                 'test_x': (numpy.uint8, ('m', 3072)), 'test_y': (numpy.uint8, ('m',))}


def _load_raw(function, name):
    archive_name, md5, members, label_key = _ARCHIVES[name]
    directory = download.get_dataset_directory('pfnet/chainer/cifar', create_directory=False)

    def build():
        remote = _loader.RemoteFile(archive_name, tuple(u + archive_name for u in _BASE_URLS),
                                    md5)
        archive_path = _loader.fetch(function, directory, remote)
        arrays = {}
        try:
            archive = tarfile.open(archive_path, 'r:gz')
        except (tarfile.TarError, OSError, EOFError, zlib.error) as e:
            raise ValueError('{}: cannot read {}: {}'.format(function, archive_path,
                                                            e)) from e
        with archive:
            for split, split_members in members.items():
                batches = [_read_batch(function, archive, archive_path, m, label_key)
                           for m in split_members]
                arrays[split + '_x'] = numpy.concatenate([images for images, _ in batches])
                arrays[split + '_y'] = numpy.concatenate([labels for _, labels in batches])
        return arrays

    return _loader.cached_arrays(os.path.join(directory, name + '.npz'), build, _CACHE_LAYOUT)


def _get_cifar(function, name, withlabel, ndim, scale, dtype):
    if ndim not in (1, 3):
        raise ValueError('{}: ndim must be 1 or 3, got {!r}'.format(function, ndim))
    raw = _load_raw(function, name)
    shape = (3072,) if ndim == 1 else (3, 32, 32)
    return tuple(
        _loader.make_dataset(raw[split + '_x'].reshape((-1,) + shape), raw[split + '_y'],
                             withlabel, scale, 255., dtype, numpy.int32)
        for split in ('train', 'test'))


def get_cifar10(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-10 dataset (50,000 training, 10,000 test colour images).

    The arrays are read from Chainer's cache, ``cifar-10.npz`` in
    ``<dataset root>/pfnet/chainer/cifar/``. Without it (or when it is damaged), the
    archive ``cifar-10-python.tar.gz`` is read from there, downloaded there if missing
    and checked against its published MD5 (without network access, put it there by
    hand), and the cache is written.

    Args:
        withlabel (bool): Return (image, label) pairs; otherwise only the images.
        ndim (int): 1 for images of shape (3072,), 3 for (3, 32, 32).
        scale (float): Pixels are scaled from [0, 255] to [0, ``scale``].
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.

    Returns:
        tuple: ``(train, test)``, each a :class:`~kusari.datasets.TupleDataset` of
        (image, int32 label) if ``withlabel``, else an array of images.
    """
    return _get_cifar('get_cifar10', 'cifar-10', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-100 dataset (50,000 training, 10,000 test colour images).

    Labels are the 100 fine classes. The cache ``cifar-100.npz`` and the archive
    ``cifar-100-python.tar.gz`` are kept in ``<dataset root>/pfnet/chainer/cifar/`` as
    for :func:`get_cifar10`.

    Args:
        withlabel, ndim, scale, dtype: as in :func:`get_cifar10`.

    Returns:
        tuple: ``(train, test)`` datasets, as :func:`get_cifar10` returns.
    """
    return _get_cifar('get_cifar100', 'cifar-100', withlabel, ndim, scale, dtype)
