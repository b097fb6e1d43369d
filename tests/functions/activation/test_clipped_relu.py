import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def grid(*shape):
    # Multiples of 0.1 shifted by 0.05: never at the kinks 0, 1.0 or 6.0.
    return numpy.random.default_rng(36).integers(-80, 80, shape) * 0.1 + 0.05


@pytest.mark.parametrize('z', [1.0, 20.0])
@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_clipped_relu(z, shape):
    check_function(lambda x: F.clipped_relu(x, z), grid(*shape), lambda x: numpy.clip(x, 0, z))


def test_relu6(on_0d):
    check_function(F.relu6, grid(4, 5), lambda x: numpy.clip(x, 0, 6))
    function, reference = on_0d(F.relu6, lambda x: numpy.clip(x, 0, 6))
    check_function(function, numpy.array([6.5]), reference)


def test_bad_z():
    with pytest.raises(ValueError, match='clipped_relu: z must be positive'):
        F.clipped_relu(numpy.ones(2), 0.0)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='clipped_relu: invalid x'):
        F.clipped_relu(numpy.arange(3))
