import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (), (0, 3)])
@pytest.mark.parametrize('function', [F.squared_error, F.squared_difference])
def test_forward_backward(shape, function):
    x0 = numpy.random.uniform(-1, 1, shape)
    x1 = numpy.random.uniform(-1, 1, shape)
    check_function(function, (x0, x1), lambda a, b: (a - b) ** 2)


def test_squared_difference_is_chainers_alias_in_the_loss_module():
    from kusari.functions.loss import squared_error
    assert F.squared_difference is squared_error.squared_difference
    with pytest.raises(InvalidType, match='squared_error.*shapes of x0 and x1'):
        F.squared_difference(numpy.zeros((2, 3)), numpy.zeros(3))


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='squared_error.*shapes of x0 and x1'):
        F.squared_error(x, x[:1])
    with pytest.raises(InvalidType, match='squared_error.*dtypes'):
        F.squared_error(x, x.astype(numpy.float16))
