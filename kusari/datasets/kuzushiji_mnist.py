"""Kuzushiji-MNIST: 28x28 grey images of 10 cursive Japanese (hiragana) characters."""

import numpy

from kusari.datasets import _mnist_family

_SOURCE = _mnist_family.MnistFormatSource(
    'pfnet/chainer/kuzushiji_mnist',
    ('http://codh.rois.ac.jp/kmnist/dataset/kmnist/',),
    {'train-images-idx3-ubyte.gz': 'bdb82020997e1d708af4cf47b453dcf7',
     'train-labels-idx1-ubyte.gz': 'e144d726b3acfaa3e44228e80efcd344',
     't10k-images-idx3-ubyte.gz': '5c965bf0a639b31b8f53240b1b52f4d7',
     't10k-labels-idx1-ubyte.gz': '7320c461ea6c1c855c0b718fb2a4b134'})

_LABELS = (('o', '\u304a'), ('ki', '\u304d'), ('su', '\u3059'), ('tsu', '\u3064'),
           ('na', '\u306a'), ('ha', '\u306f'), ('ma', '\u307e'), ('ya', '\u3084'),
           ('re', '\u308c'), ('wo', '\u3092'))


def get_kuzushiji_mnist_labels():
    """The 10 Kuzushiji-MNIST classes, indexed by label.

    Returns:
        list of tuples: ``(romaji, hiragana character)`` pairs, e.g. ``('o', 'お')``.
    """
    return list(_LABELS)


def get_kuzushiji_mnist(withlabel=True, ndim=1, scale=1., dtype=None,
                        label_dtype=numpy.int32, rgb_format=False):
    """Gets the Kuzushiji-MNIST dataset (60,000 training, 10,000 test images).

    The four IDX files are kept in ``<dataset root>/pfnet/chainer/kuzushiji_mnist/``,
    downloaded there if missing and checked against their published MD5; without network
    access, put them there by hand.

    Args:
        withlabel, ndim, scale, dtype, label_dtype, rgb_format: as in
            :func:`~kusari.datasets.get_mnist`.

    Returns:
        tuple: ``(train, test)`` datasets, as :func:`~kusari.datasets.get_mnist` returns.
    """
    return _mnist_family.load('get_kuzushiji_mnist', _SOURCE, _SOURCE.default_directory(),
                              withlabel, ndim, scale, dtype, label_dtype, rgb_format)
