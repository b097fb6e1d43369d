import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(31)


def reference(x):
    return (1 / (1 + numpy.exp(-x.astype(numpy.float64)))).astype(x.dtype)


@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_sigmoid(shape):
    check_function(F.sigmoid, rng.uniform(-3, 3, shape), reference)


def test_sigmoid_0d(on_0d):
    function, ref = on_0d(F.sigmoid, reference)
    check_function(function, numpy.array([0.4]), ref)


def test_no_overflow_at_extremes():
    y = F.sigmoid(numpy.array([-1000.0, 1000.0], numpy.float32)).array
    numpy.testing.assert_array_equal(y, [0.0, 1.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='sigmoid: invalid x'):
        F.sigmoid(numpy.arange(3))
