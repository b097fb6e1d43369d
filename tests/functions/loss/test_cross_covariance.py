import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _reference(reduce):
    def reference(y, z):
        yc = y.astype(numpy.float64) - y.mean(axis=0)
        zc = z.astype(numpy.float64) - z.mean(axis=0)
        cov = yc.T @ zc / len(y)
        out = cov if reduce == 'no' else numpy.asarray((cov ** 2).sum() / 2)
        return out.astype(y.dtype)
    return reference


@pytest.mark.parametrize('reduce', ['half_squared_sum', 'no'])
def test_forward_backward(reduce):
    y = numpy.random.uniform(-1, 1, (5, 3))
    z = numpy.random.uniform(-1, 1, (5, 2))
    check_function(lambda y, z: F.cross_covariance(y, z, reduce), (y, z),
                   _reference(reduce))


def test_matches_numpy_cov():
    y = numpy.random.randn(6, 2)
    z = numpy.random.randn(6, 3)
    expected = numpy.cov(y.T, z.T, bias=True)[:2, 2:]
    numpy.testing.assert_allclose(F.cross_covariance(y, z, reduce='no').array, expected)


def test_bad_inputs():
    y = numpy.zeros((4, 3), numpy.float32)
    with pytest.raises(InvalidType, match='cross_covariance.*reduce'):
        F.cross_covariance(y, y, reduce='no_reduce')
    with pytest.raises(InvalidType, match='cross_covariance.*batch sizes'):
        F.cross_covariance(y, y[:2])
    with pytest.raises(InvalidType, match='cross_covariance.*dtypes'):
        F.cross_covariance(y, y.astype(numpy.float64))
    with pytest.raises(InvalidType, match='cross_covariance.*z'):
        F.cross_covariance(y, y[0])
