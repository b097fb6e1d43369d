"""Fashion-MNIST: Zalando's 28x28 grey images of clothing in 10 classes."""

import numpy

from kusari.datasets import _mnist_family

_SOURCE = _mnist_family.MnistFormatSource(
    'pfnet/chainer/fashion-mnist',
    ('https://raw.githubusercontent.com/zalandoresearch/fashion-mnist/master/data/fashion/',
     'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/'),
    {'train-images-idx3-ubyte.gz': '8d4fb7e6c68d591d4c3dfef9ec88bf0d',
     'train-labels-idx1-ubyte.gz': '25c81989df183df01b3e8a0aad5dffbe',
     't10k-images-idx3-ubyte.gz': 'bef4ecab320f06d8554ea6380940ec79',
     't10k-labels-idx1-ubyte.gz': 'bb300cfdad3c16e7a12a480ee83cd310'})

_LABELS = ('T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt',
           'Sneaker', 'Bag', 'Ankle boot')


def get_fashion_mnist_labels():
    """The names of the 10 Fashion-MNIST classes, indexed by label.

    Returns:
        list of str: ``['T-shirt/top', 'Trouser', ..., 'Ankle boot']`` (a new list).
    """
    return list(_LABELS)


def get_fashion_mnist(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
                      rgb_format=False):
    """Gets the Fashion-MNIST dataset (60,000 training, 10,000 test images).

    The four IDX files are kept in ``<dataset root>/pfnet/chainer/fashion-mnist/``,
    downloaded there if missing and checked against their published MD5; without network
    access, put them there by hand.

    Args:
        withlabel, ndim, scale, dtype, label_dtype, rgb_format: as in
            :func:`~kusari.datasets.get_mnist`.

    Returns:
        tuple: ``(train, test)`` datasets, as :func:`~kusari.datasets.get_mnist` returns.
    """
    return _mnist_family.load('get_fashion_mnist', _SOURCE, _SOURCE.default_directory(),
                              withlabel, ndim, scale, dtype, label_dtype, rgb_format)
