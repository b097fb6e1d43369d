import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(34)


def away_from_zero(*shape):
    return rng.uniform(0.1, 1, shape) * rng.choice([-1, 1], shape)


@pytest.mark.parametrize('slope', [0.2, 0.01, -0.3, 1.5])
@pytest.mark.parametrize('shape', [(3, 4), (0, 2)])
def test_leaky_relu(slope, shape):
    check_function(lambda x: F.leaky_relu(x, slope), away_from_zero(*shape),
                   lambda x: numpy.where(x >= 0, x, x * x.dtype.type(slope)))


def test_leaky_relu_0d(on_0d):
    function, reference = on_0d(F.leaky_relu, lambda x: numpy.where(x >= 0, x, x * 0.2))
    check_function(function, numpy.array([-0.5]), reference)


def test_default_slope_is_0_2():
    x = kusari.Variable(numpy.array([-1.0, 1.0]))
    y = F.leaky_relu(x)
    numpy.testing.assert_allclose(y.array, [-0.2, 1.0])
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [0.2, 1.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='leaky_relu: invalid x'):
        F.leaky_relu(numpy.arange(3))
