import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def grid(*shape):
    # Values 0.05 off the multiples of 0.1, so never at the bounds used below.
    return numpy.random.default_rng(8).integers(-10, 10, shape) * 0.1 + 0.05


@pytest.mark.parametrize('x_min, x_max', [(-0.5, 0.5), (None, 0.2), (-0.2, None)])
@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_clip(x_min, x_max, shape):
    check_function(lambda x: F.clip(x, x_min, x_max), grid(*shape),
                   lambda x: numpy.clip(x, x_min, x_max))


def test_clip_0d(on_0d):
    function, reference = on_0d(lambda x: F.clip(x, -0.5, 0.5), lambda x: numpy.clip(x, -.5, .5))
    check_function(function, numpy.array([0.25]), reference)


def test_gradient_passes_at_the_bounds():
    x = kusari.Variable(numpy.arange(6.0))
    F.sum(F.clip(x, 1.0, 4.0)).backward()
    numpy.testing.assert_array_equal(x.grad, [0, 1, 1, 1, 1, 0])


def test_gradient_is_zero_outside():
    x = kusari.Variable(numpy.array([-2.0, 0.0, 2.0]))
    y = F.clip(x, -1.0, 1.0)
    y.grad = numpy.ones(3)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 1.0, 0.0])


def test_bad_bounds():
    with pytest.raises(ValueError, match='clip: x_min must be less than x_max'):
        F.clip(numpy.ones(2), 1.0, 0.0)
    with pytest.raises(ValueError, match='clip: x_min and x_max cannot both be None'):
        F.clip(numpy.ones(2), None, None)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='clip: invalid x'):
        F.clip(numpy.arange(3), 0, 1)
