import numpy
import pytest

from kusari.datasets import get_digits
from kusari.datasets import TupleDataset


def test_split_sizes_and_labels():
    train, test = get_digits()
    assert isinstance(train, TupleDataset)
    assert len(train) == 1497 and len(test) == 300
    labels = numpy.array([int(test[i][1]) for i in range(300)])
    assert numpy.bincount(labels, minlength=10).tolist() == [30] * 10
    x, t = train[0]
    assert x.shape == (64,) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    assert 0. <= x.min() and x.max() <= 1.


def test_split_is_fixed_and_disjoint():
    from kusari.datasets import digits
    images, labels = digits._load_embedded()
    train, test = get_digits(withlabel=False, scale=16., dtype=numpy.float64)
    rows = {row.tobytes(): i for i, row in enumerate(images.reshape(len(images), -1)
                                                    .astype(numpy.float64))}
    test_rows = sorted(rows[row.tobytes()] for row in test)
    assert test_rows[:5] == [4, 5, 6, 9, 14]  # changes only if the split changes
    assert len(set(test_rows) & {rows[row.tobytes()] for row in train}) == 0


def test_all_labels_and_pixel_range():
    train, test = get_digits(withlabel=False, scale=16., dtype=numpy.float64)
    images = numpy.concatenate([train, test])
    assert images.shape == (1797, 64)
    assert images.min() == 0 and images.max() == 16
    numpy.testing.assert_array_equal(images, numpy.round(images))  # integer counts 0..16


@pytest.mark.parametrize('ndim,rgb,shape', [(2, False, (8, 8)), (3, False, (1, 8, 8)),
                                            (3, True, (3, 8, 8))])
def test_shapes(ndim, rgb, shape):
    train, _ = get_digits(ndim=ndim, rgb_format=rgb, label_dtype=numpy.int64)
    assert train[0][0].shape == shape and train[0][1].dtype == numpy.int64


def test_a_zero_looks_like_a_zero():
    train, _ = get_digits(withlabel=True, ndim=2, scale=16.)
    image, label = train[0]
    assert label == 0
    # a ring: ink around the border of the digit, an empty centre
    assert image[3:5, 3:5].sum() < image[1:7, 1:7].sum() - image[3:5, 3:5].sum()


def test_bad_ndim():
    with pytest.raises(ValueError, match='get_digits: ndim must be 1, 2 or 3'):
        get_digits(ndim=0)
