import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('c_shape, x_shape, y_shape', [
    ((3, 4), (3, 4), (3, 4)), ((3, 4), (4,), (3, 1)), ((3, 1), (1, 4), (3, 4)),
    ((4,), (3, 4), (1,))])
def test_matches_numpy(uniform, c_shape, x_shape, y_shape):
    condition = uniform(*c_shape) > 0
    check_function(lambda x, y: F.where(condition, x, y), (uniform(*x_shape), uniform(*y_shape)),
                   lambda x, y: numpy.where(condition, x, y))


def test_zero_dim_operand():
    y = F.where(numpy.array([True, False]), numpy.ones(2), numpy.array(-1.0))
    numpy.testing.assert_array_equal(y.array, [1, -1])


def test_condition_variable(uniform):
    condition = kusari.Variable(numpy.array([True, False]))
    numpy.testing.assert_array_equal(F.where(condition, numpy.ones(2), numpy.zeros(2)).array,
                                     [1, 0])


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='where: invalid condition'):
        F.where(numpy.ones(3), uniform(3), uniform(3))
    with pytest.raises(InvalidType, match='where: invalid dtypes'):
        F.where(numpy.ones(3, bool), uniform(3), uniform(3).astype(numpy.float32))
    with pytest.raises(InvalidType, match='where: invalid shapes'):
        F.where(numpy.ones(2, bool), uniform(3), uniform(3))
