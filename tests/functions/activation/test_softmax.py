import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(33)


def softmax(x, axis):
    e = numpy.exp(x.astype(numpy.float64) - x.max(axis=axis, keepdims=True))
    return (e / e.sum(axis=axis, keepdims=True)).astype(x.dtype)


def log_softmax(x, axis):
    x64 = x.astype(numpy.float64)
    shifted = x64 - x64.max(axis=axis, keepdims=True)
    return (shifted - numpy.log(numpy.exp(shifted).sum(axis=axis, keepdims=True))).astype(
        x.dtype)


@pytest.mark.parametrize('func, ref', [(F.softmax, softmax), (F.log_softmax, log_softmax)],
                         ids=['softmax', 'log_softmax'])
@pytest.mark.parametrize('shape, axis', [((3, 4), 1), ((2, 3, 4), 0), ((2, 3, 4), -1),
                                         ((4,), 0), ((0, 3), 1)])
def test_softmax(func, ref, shape, axis):
    check_function(lambda x: func(x, axis=axis), rng.uniform(-2, 2, shape),
                   lambda x: ref(x, axis))


@pytest.mark.parametrize('func', [F.softmax, F.log_softmax])
def test_large_inputs_are_stable(func):
    y = func(numpy.array([[1000.0, 1000.0]], numpy.float32)).array
    expected = [[0.5, 0.5]] if func is F.softmax else [[-numpy.log(2)] * 2]
    numpy.testing.assert_allclose(y, expected, rtol=1e-6)


@pytest.mark.parametrize('func', [F.softmax, F.log_softmax])
def test_bad_axis(func):
    with pytest.raises(InvalidType, match='{}: invalid axis'.format(func.__name__)):
        func(numpy.ones((2, 3)), axis=2)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='softmax: invalid x'):
        F.softmax(numpy.ones((2, 3), numpy.int32))
