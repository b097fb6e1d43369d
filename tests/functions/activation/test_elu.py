import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(38)
SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805


def elu(alpha):
    return lambda x: numpy.where(x > 0, x, alpha * numpy.expm1(x.astype(numpy.float64))).astype(
        x.dtype)


def away_from_zero(*shape):
    return rng.uniform(0.1, 2, shape) * rng.choice([-1, 1], shape)


@pytest.mark.parametrize('alpha', [1.0, 0.5, 2.0])
@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_elu(alpha, shape):
    check_function(lambda x: F.elu(x, alpha), away_from_zero(*shape), elu(alpha))


def test_elu_0d(on_0d):
    function, reference = on_0d(F.elu, elu(1.0))
    check_function(function, numpy.array([-0.7]), reference)


def test_elu_does_not_overflow_for_large_x():
    with numpy.errstate(over='raise'):
        assert F.elu(numpy.array([1000.0], numpy.float32)).array[0] == 1000.0


@pytest.mark.parametrize('shape', [(3, 4), (0, 3)])
def test_selu(shape):
    check_function(F.selu, away_from_zero(*shape),
                   lambda x: (SELU_SCALE * elu(SELU_ALPHA)(x.astype(numpy.float64))).astype(
                       x.dtype))


def test_selu_custom_constants():
    x = numpy.array([-1.0, 2.0])
    numpy.testing.assert_allclose(F.selu(x, alpha=2.0, scale=3.0).array,
                                  [3.0 * 2.0 * numpy.expm1(-1.0), 6.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='elu: invalid x'):
        F.elu(numpy.arange(3))
