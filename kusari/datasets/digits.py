"""The small handwritten-digits dataset shipped inside kusari (works offline).

1,797 8x8 grey digits from the UCI "Optical Recognition of Handwritten Digits" data
(CC BY 4.0; see ``_data/README.md``), with pixel values 0..16.
"""

import importlib.resources

import numpy

from kusari.datasets import _loader

TEST_PER_DIGIT = 30  # 300 test examples, 1,497 training examples
_SPLIT_SEED = 0


def _test_mask(labels):
    """Which examples are in the test set: for each digit, the first 30 of that digit in
    a permutation with a fixed seed (``RandomState``'s stream never changes)."""
    order = numpy.random.RandomState(_SPLIT_SEED).permutation(len(labels))
    mask = numpy.zeros(len(labels), dtype=bool)
    for digit in range(10):
        mask[order[labels[order] == digit][:TEST_PER_DIGIT]] = True
    return mask


def _load_embedded():
    resource = importlib.resources.files(__package__).joinpath('_data', 'digits.npz')
    with resource.open('rb') as f, numpy.load(f, allow_pickle=False) as npz:
        return npz['images'], npz['labels']


def get_digits(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
               rgb_format=False):
    """Gets the embedded handwritten-digits dataset (1,497 training, 300 test images).

    Like :func:`~kusari.datasets.get_mnist` but with 8x8 images and no download: the
    data ships with kusari. The split is fixed: the test set holds 30 examples of each
    digit chosen by a seeded permutation, the training set the other 1,497; both keep
    the order of the original file.

    Args:
        withlabel (bool): Return (image, label) pairs; otherwise only the images.
        ndim (int): 1 for images of shape (64,), 2 for (8, 8), 3 for (1, 8, 8).
        scale (float): Pixels are scaled from [0, 16] to [0, ``scale``].
        dtype: The dtype of the images; ``kusari.config.dtype`` (float32) by default.
        label_dtype: The dtype of the labels (digits 0 to 9).
        rgb_format (bool): With ``ndim == 3``, make images of shape (3, 8, 8).

    Returns:
        tuple: ``(train, test)``, each a :class:`~kusari.datasets.TupleDataset` of
        (image, label) if ``withlabel``, else an array of images.
    """
    images, labels = _load_embedded()
    images = _loader.reshape_images('get_digits', images, ndim, rgb_format)
    test = _test_mask(labels)
    return tuple(
        _loader.make_dataset(images[part], labels[part], withlabel, scale, 16., dtype,
                             label_dtype)
        for part in (~test, test))
