import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _pair(shape):
    """x0 and x1 at least 0.1 apart elementwise (away from the kink of |.|)."""
    def make(dtype):
        x0 = numpy.random.uniform(-1, 1, shape)
        gap = numpy.random.uniform(0.1, 1, shape) * numpy.random.choice([-1, 1], shape)
        return x0, numpy.asarray(x0 + gap)
    return make


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (), (0, 3)])
def test_forward_backward(shape):
    check_function(F.absolute_error, _pair(shape), lambda a, b: numpy.abs(a - b))


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='absolute_error.*shapes of x0 and x1'):
        F.absolute_error(x, numpy.zeros((3, 2), numpy.float32))
    with pytest.raises(InvalidType, match='absolute_error.*dtypes'):
        F.absolute_error(x, x.astype(numpy.float64))
    with pytest.raises(InvalidType, match='absolute_error.*x0'):
        F.absolute_error(x.astype(numpy.int32), x.astype(numpy.int32))
