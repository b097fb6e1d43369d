import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(13)


@pytest.mark.parametrize('axis, keepdims', [(None, False), (1, False), ((0, 2), True), (-1, True),
                                            ((2, 0), False), ((), False)])
def test_prod(axis, keepdims, on_0d):
    function, reference = on_0d(lambda x: F.prod(x, axis=axis, keepdims=keepdims),
                                lambda x: numpy.asarray(numpy.prod(x, axis=axis,
                                                                   keepdims=keepdims)),
                                inputs=False)
    check_function(function, rng.uniform(0.5, 1.5, (2, 3, 4)), reference)


def test_prod_gradient_with_zeros():
    x = numpy.array([[0.0, 2.0, 3.0], [0.0, 0.0, 4.0], [1.5, 2.0, -1.0]])
    check_function(lambda x: F.prod(x, axis=1), x, lambda x: numpy.prod(x, axis=1),
                   dtypes=(numpy.float64,))
    v = kusari.Variable(x)
    y = F.prod(v, axis=1)
    y.grad = numpy.ones(3)
    y.backward()
    numpy.testing.assert_allclose(v.grad, [[6.0, 0.0, 0.0], [0.0, 0.0, 0.0],
                                           [-2.0, -1.5, 3.0]])


def test_prod_of_empty_axis_is_one():
    x = kusari.Variable(numpy.zeros((2, 0)))
    y = F.prod(x, axis=1)
    numpy.testing.assert_array_equal(y.array, [1.0, 1.0])
    y.grad = numpy.ones(2)
    y.backward()
    assert x.grad is None  # an empty input has nothing to receive


def test_bad_axis():
    with pytest.raises(InvalidType, match='prod: invalid axis'):
        F.prod(numpy.ones((2, 3)), axis=(0, 0))
