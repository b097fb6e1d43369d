import numpy
import pytest

import kusari.functions as F
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_fraction_of_correct_rows(dtype):
    y = numpy.array([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.1, 0.2, 0.6], [0.3, 0.4, 0.3]], dtype)
    t = numpy.array([1, 0, 0, 2])
    accuracy = F.accuracy(y, t)
    assert accuracy.dtype == dtype and accuracy.shape == ()
    assert float(accuracy.array) == pytest.approx(0.5)


def test_ignore_label():
    y = numpy.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
    t = numpy.array([1, -1, 0])
    assert float(F.accuracy(y, t, ignore_label=-1).array) == pytest.approx(0.5)
    assert float(F.accuracy(y, numpy.full(3, -1), ignore_label=-1).array) == 0.0


def test_spatial_labels_and_trailing_unit_axes():
    rng = numpy.random.RandomState(0)
    y = rng.uniform(size=(2, 4, 3, 5))
    t = rng.randint(0, 4, size=(2, 3, 5))
    expected = (y.argmax(axis=1) == t).mean()
    assert float(F.accuracy(y, t).array) == pytest.approx(expected)
    y1 = rng.uniform(size=(6, 3, 1))
    t1 = rng.randint(0, 3, size=6)
    assert float(F.accuracy(y1, t1).array) == pytest.approx((y1[..., 0].argmax(1) == t1).mean())


def test_empty_batch():
    assert float(F.accuracy(numpy.zeros((0, 3)), numpy.zeros(0, numpy.int32)).array) == 0.0


def test_bad_inputs():
    with pytest.raises(InvalidType, match='accuracy: invalid t'):
        F.accuracy(numpy.zeros((2, 3)), numpy.zeros(2))
    with pytest.raises(InvalidType, match='accuracy: invalid shapes of y and t'):
        F.accuracy(numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32))
    with pytest.raises(InvalidType, match='accuracy: invalid shapes of y and t'):
        F.accuracy(numpy.zeros((2, 3, 2)), numpy.zeros(2, numpy.int32))
