"""Datasets of image files (read with Pillow, which is imported only when needed)."""

import bisect
import io
import itertools
import os
import threading
import zipfile

import numpy

from kusari import _lazy
from kusari.dataset import dataset_mixin
from kusari.datasets._dtype import get_dtype

__getattr__ = _lazy.installed_flags(__name__, {'available': 'PIL'})


def _pil_image():
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError('kusari image datasets read images with Pillow, which is not '
                          'installed; install it with `pip install Pillow`') from e
    return Image


def _read_image(file, dtype):
    """The image in ``file`` (a path or a binary file) as a (channels, height, width) array."""
    with _pil_image().open(file) as image:
        array = numpy.asarray(image, dtype=dtype)
    if array.ndim == 2:  # greyscale
        array = array[:, :, numpy.newaxis]
    return array.transpose(2, 0, 1)


def _read_pairs(path, function):
    """(path, int label) pairs from a text file of ``<path> <label>`` lines."""
    pairs = []
    with open(path) as f:
        for line_number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if len(fields) != 2:
                raise ValueError('{}: line {} of {} must be "<image path> <label>", got {!r}'
                                 .format(function, line_number, path, line.rstrip('\n')))
            try:
                pairs.append((fields[0], int(fields[1])))
            except ValueError:
                raise ValueError('{}: the label on line {} of {} is not an integer: {!r}'
                                 .format(function, line_number, path, fields[1])) from None
    return pairs


class ImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of image files, each read into a (channels, height, width) array on access.

    Greyscale images get one channel, RGB images three. Requires Pillow.

    Args:
        paths (str or list of str): The image paths, or the path of a text file with one
            image path per line. Paths are relative to ``root``.
        root (str): The directory the image paths are relative to.
        dtype: The dtype of the arrays; ``kusari.config.dtype`` (float32) by default.
    """

    def __init__(self, paths, root='.', dtype=None):
        _pil_image()
        if isinstance(paths, (str, os.PathLike)):
            with open(paths) as f:
                paths = [line.strip() for line in f if line.strip()]
        self._paths = list(paths)
        self._root = root
        self._dtype = get_dtype(dtype)

    def __len__(self):
        return len(self._paths)

    def get_example(self, i):
        return _read_image(os.path.join(self._root, self._paths[i]), self._dtype)


class LabeledImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs from image files and integer labels.

    Args:
        pairs (str or list of tuples): ``(path, label)`` pairs, or the path of a text
            file whose lines are ``<image path> <integer label>`` separated by white
            space. Paths are relative to ``root``.
        root (str): The directory the image paths are relative to.
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.
        label_dtype: The dtype of the labels.
    """

    def __init__(self, pairs, root='.', dtype=None, label_dtype=numpy.int32):
        _pil_image()
        if isinstance(pairs, (str, os.PathLike)):
            pairs = _read_pairs(pairs, 'LabeledImageDataset')
        self._pairs = list(pairs)
        self._root = root
        self._dtype = get_dtype(dtype)
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        path, label = self._pairs[i]
        image = _read_image(os.path.join(self._root, path), self._dtype)
        return image, numpy.array(label, dtype=self._label_dtype)


class ZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of the image files inside a zip archive.

    The archive is reopened in each process that reads it, so the dataset can be sent
    to worker processes.

    Args:
        zipfilename (str): The zip archive; every file in it must be an image.
        dtype: The dtype of the arrays; ``kusari.config.dtype`` (float32) by default.
    """

    def __init__(self, zipfilename, dtype=None):
        _pil_image()
        self._zipfilename = zipfilename
        self._dtype = get_dtype(dtype)
        self._lock = threading.Lock()
        self._zipfile = zipfile.ZipFile(zipfilename)
        self._pid = os.getpid()
        self._names = [name for name in self._zipfile.namelist() if not name.endswith('/')]

    def __len__(self):
        return len(self._names)

    def __getstate__(self):
        state = self.__dict__.copy()
        state['_zipfile'] = None
        state['_lock'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def get_example(self, i_or_filename):
        """The image at index ``i_or_filename``, or of that name in the archive."""
        name = (i_or_filename if isinstance(i_or_filename, str)
                else self._names[i_or_filename])
        with self._lock:
            if self._zipfile is None or self._pid != os.getpid():
                self._zipfile = zipfile.ZipFile(self._zipfilename)
                self._pid = os.getpid()
            data = self._zipfile.read(name)
        return _read_image(io.BytesIO(data), self._dtype)


class MultiZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of the images of several zip archives, one archive after another.

    Args:
        zipfilenames (list of str): The zip archives.
        dtype: The dtype of the arrays; ``kusari.config.dtype`` (float32) by default.
    """

    def __init__(self, zipfilenames, dtype=None):
        self._datasets = [ZippedImageDataset(name, dtype) for name in zipfilenames]
        self._ends = list(itertools.accumulate(len(d) for d in self._datasets))

    def __len__(self):
        return self._ends[-1] if self._ends else 0

    def get_example(self, i):
        if not 0 <= i < len(self):
            raise IndexError('MultiZippedImageDataset: index {} is out of range for {} '
                             'images'.format(i, len(self)))
        k = bisect.bisect_right(self._ends, i)
        return self._datasets[k].get_example(i - (self._ends[k - 1] if k else 0))


class LabeledZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs with the images inside a zip archive.

    Args:
        zipfilename (str): The zip archive of images.
        labelfilename (str): A text file whose lines are ``<name in the archive>
            <integer label>``.
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.
        label_dtype: The dtype of the labels.
    """

    def __init__(self, zipfilename, labelfilename, dtype=None, label_dtype=numpy.int32):
        self._pairs = _read_pairs(labelfilename, 'LabeledZippedImageDataset')
        self._label_dtype = label_dtype
        self._images = ZippedImageDataset(zipfilename, dtype)

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        name, label = self._pairs[i]
        return self._images.get_example(name), numpy.array(label, dtype=self._label_dtype)
