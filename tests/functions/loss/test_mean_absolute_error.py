import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _pair(shape):
    def make(dtype):
        x0 = numpy.random.uniform(-1, 1, shape)
        gap = numpy.random.uniform(0.1, 1, shape) * numpy.random.choice([-1, 1], shape)
        return x0, numpy.asarray(x0 + gap)
    return make


def _reference(a, b):
    return numpy.asarray(numpy.abs(a - b).mean(), dtype=a.dtype)


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), ()])
def test_forward_backward(shape):
    check_function(F.mean_absolute_error, _pair(shape), _reference)


def test_empty_input_gives_nan_as_in_chainer():
    x = numpy.zeros((0, 3), numpy.float32)
    y = F.mean_absolute_error(x, x)
    assert y.dtype == numpy.float32 and numpy.isnan(y.array)
    xv = kusari.Variable(x)
    F.mean_absolute_error(xv, x).backward()
    assert xv.grad.shape == (0, 3)


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='mean_absolute_error.*shapes of x0 and x1'):
        F.mean_absolute_error(x, x.T)
    with pytest.raises(InvalidType, match='mean_absolute_error.*dtypes'):
        F.mean_absolute_error(x, x.astype(numpy.float64))


def test_float16_sum_does_not_overflow():
    x0 = numpy.full((64, 1, 16, 16), 2, numpy.float16)
    y = F.mean_absolute_error(x0, -x0)
    assert y.dtype == numpy.float16 and float(y.array) == 4
