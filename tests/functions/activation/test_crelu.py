import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(37)


def reference(axis):
    return lambda x: numpy.concatenate((numpy.maximum(x, 0), numpy.maximum(-x, 0)), axis=axis)


@pytest.mark.parametrize('shape, axis', [((2, 3), 1), ((2, 3, 4), 0), ((2, 3, 4), -1),
                                         ((3,), 0), ((0, 2), 1)])
def test_crelu(shape, axis):
    x = rng.uniform(0.1, 1, shape) * rng.choice([-1, 1], shape)
    check_function(lambda x: F.crelu(x, axis), x, reference(axis))


def test_default_axis_is_1():
    assert F.crelu(numpy.ones((2, 3, 4))).shape == (2, 6, 4)


def test_rejects_0d_and_bad_axis():
    with pytest.raises(InvalidType, match='crelu: invalid x'):
        F.crelu(numpy.array(1.0))
    with pytest.raises(InvalidType, match='crelu: invalid axis'):
        F.crelu(numpy.ones((2, 3)), axis=2)
