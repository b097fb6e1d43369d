import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(23)
AXES = [(None, False), (1, False), ((0, 2), True), (-1, True), ((), False), (None, True)]


@pytest.mark.parametrize('func, ref', [(F.sum, numpy.sum), (F.mean, numpy.mean)],
                         ids=['sum', 'mean'])
@pytest.mark.parametrize('axis, keepdims', AXES)
def test_sum_mean(func, ref, axis, keepdims, on_0d):
    function, reference = on_0d(lambda x: func(x, axis=axis, keepdims=keepdims),
                                lambda x: numpy.asarray(ref(x, axis=axis, keepdims=keepdims)),
                                inputs=False)
    check_function(function, rng.uniform(-1, 1, (2, 3, 4)), reference)


def test_sum_of_empty_and_0d():
    assert F.sum(numpy.zeros((0, 3)), axis=0).array.tolist() == [0.0, 0.0, 0.0]
    assert F.sum(numpy.array(2.0)).array == 2.0


def test_methods():
    x = kusari.Variable(rng.uniform(-1, 1, (2, 3)))
    numpy.testing.assert_allclose(x.sum(axis=1).array, x.array.sum(axis=1))
    numpy.testing.assert_allclose(x.mean(axis=0).array, x.array.mean(axis=0))


@pytest.mark.parametrize('func', [F.sum, F.mean])
def test_bad_axis(func):
    with pytest.raises(InvalidType, match='{}: invalid axis'.format(func.__name__)):
        func(numpy.ones((2, 3)), axis=3)


@pytest.mark.parametrize('func', [F.sum, F.mean, F.prod, F.max, F.min, F.logsumexp])
@pytest.mark.parametrize('axis', [[0], (1, 'x'), 0.0])
def test_reductions_take_an_int_or_a_tuple_of_ints(func, axis):
    # as Chainer's reductions: a list or a non-int is a TypeError
    with pytest.raises(TypeError, match='{}: invalid axis'.format(func.__name__)):
        func(numpy.ones((2, 3)), axis)


def test_sum_to_is_exported():
    y = F.sum_to(numpy.ones((2, 3)), (1, 3))
    assert y.array.tolist() == [[2.0, 2.0, 2.0]]
