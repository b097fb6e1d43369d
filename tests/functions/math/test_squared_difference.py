import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(10)


@pytest.mark.parametrize('shape1, shape2', [((3, 4), (3, 4)), ((2, 3), (3,)), ((0,), (0,))])
def test_squared_difference(shape1, shape2):
    check_function(F.squared_difference, (rng.uniform(-1, 1, shape1), rng.uniform(-1, 1, shape2)),
                   lambda a, b: (a - b) ** 2)


def test_0d(on_0d):
    function, reference = on_0d(lambda a, b: F.squared_difference(a, F.reshape(b, ())),
                                lambda a, b: (a - b.reshape(())) ** 2)
    check_function(function, (numpy.array([0.3]), numpy.array([-0.4])), reference)


def test_rejects_integer_input():
    with pytest.raises(InvalidType, match='squared_difference: invalid x1'):
        F.squared_difference(numpy.arange(2), numpy.arange(2))
