import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _reference(a, b):
    return numpy.asarray(((a - b) ** 2).mean(), dtype=a.dtype)


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), ()])
def test_forward_backward(shape):
    x0 = numpy.random.uniform(-1, 1, shape)
    x1 = numpy.random.uniform(-1, 1, shape)
    check_function(F.mean_squared_error, (x0, x1), _reference)


def test_empty_input_gives_nan_as_in_chainer():
    x = numpy.zeros((0, 3), numpy.float32)
    y = F.mean_squared_error(x, x)
    assert y.dtype == numpy.float32 and numpy.isnan(y.array)
    xv = kusari.Variable(x)
    F.mean_squared_error(xv, x).backward()
    assert xv.grad.shape == (0, 3)


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='mean_squared_error.*shapes of x0 and x1'):
        F.mean_squared_error(x, x.T)
    with pytest.raises(InvalidType, match='mean_squared_error.*dtypes'):
        F.mean_squared_error(x, x.astype(numpy.float64))
    with pytest.raises(InvalidType, match='mean_squared_error.*x0'):
        F.mean_squared_error(x.astype(numpy.int32), x.astype(numpy.int32))
