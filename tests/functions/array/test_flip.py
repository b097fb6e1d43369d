import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, axis', [((3, 2), 0), ((3, 2, 4), -1), ((4,), 0)])
def test_matches_numpy(uniform, shape, axis):
    check_function(lambda x: F.flip(x, axis), uniform(*shape), lambda x: numpy.flip(x, axis))


def test_bad_axis(uniform):
    with pytest.raises(InvalidType, match='flip: invalid axis'):
        F.flip(uniform(3, 2), 2)
    with pytest.raises(InvalidType, match='flip: invalid axis'):
        F.flip(uniform(3, 2), None)


def test_private_flip_of_arrays_as_in_chainer():
    from kusari.functions.array.flip import _flip
    x = numpy.arange(24).reshape(2, 3, 4)
    for axis in (0, 1, -1):
        numpy.testing.assert_array_equal(_flip(x, axis), numpy.flip(x, axis))
