import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (), (0, 3)])
def test_forward_backward(shape):
    x0 = numpy.random.uniform(-1, 1, shape)
    x1 = numpy.random.uniform(-1, 1, shape)
    check_function(F.squared_error, (x0, x1), lambda a, b: (a - b) ** 2)


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='squared_error.*shapes of x0 and x1'):
        F.squared_error(x, x[:1])
    with pytest.raises(InvalidType, match='squared_error.*dtypes'):
        F.squared_error(x, x.astype(numpy.float16))
