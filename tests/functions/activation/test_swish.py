import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(43)


def reference(x, beta):
    b = beta.reshape((1,) + beta.shape + (1,) * (x.ndim - beta.ndim - 1)).astype(numpy.float64)
    return (x / (1 + numpy.exp(-b * x))).astype(x.dtype)


@pytest.mark.parametrize('x_shape, beta_shape', [((4, 3), (3,)), ((2, 3, 4), (3,)),
                                                 ((2, 3, 4), (3, 4)), ((0, 3), (3,))])
def test_swish(x_shape, beta_shape):
    check_function(F.swish, (rng.uniform(-2, 2, x_shape), rng.uniform(0.5, 2, beta_shape)),
                   reference)


def test_beta_zero_halves_x():
    x = rng.uniform(-1, 1, (2, 3))
    numpy.testing.assert_allclose(F.swish(x, numpy.zeros(3)).array, x / 2)


def test_bad_beta():
    with pytest.raises(InvalidType, match='swish: invalid shape of beta'):
        F.swish(numpy.ones((2, 3)), numpy.ones(2))
    with pytest.raises(InvalidType, match='swish: invalid dtypes of x and beta'):
        F.swish(numpy.ones((2, 3)), numpy.ones(3, numpy.float32))
