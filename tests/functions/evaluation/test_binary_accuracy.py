import numpy
import pytest

import kusari.functions as F
from kusari.utils.type_check import InvalidType

SCORES = numpy.array([[-2.0, 0.0], [3.0, -5.0]])


@pytest.mark.parametrize('t, expected', [
    ([[0, 1], [1, 0]], 1.0),
    ([[0, 0], [1, 1]], 0.5),
    ([[0, -1], [1, -1]], 1.0),     # -1 is ignored
    ([[-1, -1], [-1, -1]], 0.0),
])
def test_documented_examples(t, expected):
    accuracy = F.binary_accuracy(SCORES, numpy.array(t, numpy.int32))
    assert accuracy.dtype == SCORES.dtype
    assert float(accuracy.array) == expected


def test_random_against_formula():
    rng = numpy.random.RandomState(0)
    y = rng.uniform(-1, 1, (5, 7)).astype(numpy.float32)
    t = rng.randint(-1, 2, (5, 7))
    kept = t != -1
    expected = ((y >= 0) == t)[kept].mean()
    assert float(F.binary_accuracy(y, t).array) == pytest.approx(expected, rel=1e-6)


def test_bad_inputs():
    with pytest.raises(InvalidType, match='binary_accuracy: invalid t'):
        F.binary_accuracy(SCORES, numpy.zeros((2, 2)))
    with pytest.raises(InvalidType, match='binary_accuracy: invalid shapes'):
        F.binary_accuracy(SCORES, numpy.zeros(4, numpy.int32))
    with pytest.raises(InvalidType, match='binary_accuracy: invalid y'):
        F.binary_accuracy(numpy.zeros((2, 2), numpy.int32), numpy.zeros((2, 2), numpy.int32))
