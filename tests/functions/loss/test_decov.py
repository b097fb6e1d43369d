import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _reference(reduce):
    def reference(h):
        centered = h.astype(numpy.float64) - h.mean(axis=0)
        cov = centered.T @ centered / len(h)
        numpy.fill_diagonal(cov, 0)
        out = cov if reduce == 'no' else numpy.asarray((cov ** 2).sum() / 2)
        return out.astype(h.dtype)
    return reference


@pytest.mark.parametrize('reduce', ['half_squared_sum', 'no'])
@pytest.mark.parametrize('shape', [(5, 3), (1, 2)])
def test_forward_backward(reduce, shape):
    h = numpy.random.uniform(-1, 1, shape)
    check_function(lambda h: F.decov(h, reduce), h, _reference(reduce))


def test_uncorrelated_columns_give_zero():
    h = numpy.array([[1, 1], [1, -1], [-1, 1], [-1, -1]], numpy.float32)
    assert float(F.decov(h).array) == 0


def test_bad_inputs():
    with pytest.raises(InvalidType, match='decov.*reduce'):
        F.decov(numpy.zeros((2, 3), numpy.float32), reduce='mean')
    with pytest.raises(InvalidType, match='decov.*h'):
        F.decov(numpy.zeros(3, numpy.float32))
    with pytest.raises(InvalidType, match='decov.*h'):
        F.decov(numpy.zeros((2, 3), numpy.int32))
