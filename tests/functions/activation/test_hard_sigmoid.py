import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def reference(x):
    return numpy.clip(x * x.dtype.type(0.2) + x.dtype.type(0.5), 0, 1)


@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_hard_sigmoid(shape):
    # Multiples of 0.1 shifted by 0.05: never at the kinks -2.5 and 2.5.
    x = numpy.random.default_rng(39).integers(-40, 40, shape) * 0.1 + 0.05
    check_function(F.hard_sigmoid, x, reference)


def test_hard_sigmoid_0d(on_0d):
    function, ref = on_0d(F.hard_sigmoid, reference)
    check_function(function, numpy.array([1.3]), ref)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='hard_sigmoid: invalid x'):
        F.hard_sigmoid(numpy.arange(3))
