import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(9)


@pytest.mark.parametrize('shape1, shape2', [((3, 4), (3, 4)), ((3, 4), (4,))])
def test_fmod(shape1, shape2):
    def inputs(dtype):
        divisor = (rng.uniform(0.5, 1.5, shape2) * rng.choice([-1, 1], shape2)).astype(dtype)
        quotient = rng.integers(-3, 4, numpy.broadcast_shapes(shape1, shape2))
        # x / divisor stays 0.1..0.9 away from integers, where fmod jumps.
        x = (quotient + rng.uniform(0.1, 0.9, quotient.shape)) * divisor
        return x.astype(dtype), divisor
    check_function(F.fmod, inputs, numpy.fmod)


def test_fmod_keeps_the_sign_of_x():
    y = F.fmod(numpy.array([-3.5, 3.5]), numpy.array([2.0, -2.0]))
    numpy.testing.assert_array_equal(y.array, [-1.5, 1.5])


def test_rejects_mismatched_dtypes():
    with pytest.raises(InvalidType, match='fmod: invalid dtypes of x and divisor'):
        F.fmod(numpy.ones(2), numpy.ones(2, numpy.float32))
