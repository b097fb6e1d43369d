import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def away_from_zero(*shape):
    rng = numpy.random.default_rng(30)
    return rng.uniform(0.1, 1, shape) * rng.choice([-1, 1], shape)


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (0, 3)])
def test_relu(shape):
    check_function(F.relu, away_from_zero(*shape), lambda x: numpy.maximum(x, 0))


def test_relu_0d(on_0d):
    function, reference = on_0d(F.relu, lambda x: numpy.maximum(x, 0))
    check_function(function, numpy.array([-0.5]), reference)


def test_gradient_is_the_positive_mask():
    x = kusari.Variable(numpy.array([-1.0, 2.0]))
    y = F.relu(x)
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 1.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='relu: invalid x'):
        F.relu(numpy.arange(3))
