import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def reference(x, r):
    b, c, h, w = x.shape
    c //= r * r
    y = numpy.empty((b, c, h * r, w * r), x.dtype)
    for i in range(r):
        for j in range(r):
            y[:, :, i::r, j::r] = x[:, (i * r + j) * c:(i * r + j + 1) * c]
    return y


def test_documented_example():
    x = numpy.arange(24, dtype=numpy.float32).reshape(1, 4, 2, 3)
    numpy.testing.assert_array_equal(F.depth2space(x, 2).array[0, 0], [
        [0, 6, 1, 7, 2, 8], [12, 18, 13, 19, 14, 20],
        [3, 9, 4, 10, 5, 11], [15, 21, 16, 22, 17, 23]])


@pytest.mark.parametrize('shape, r', [((2, 8, 3, 2), 2), ((1, 9, 2, 2), 3), ((1, 3, 2, 1), 1)])
def test_matches_reference(uniform, shape, r):
    check_function(lambda x: F.depth2space(x, r), uniform(*shape), lambda x: reference(x, r))


def test_inverse_of_space2depth(uniform):
    x = uniform(2, 12, 3, 4)
    numpy.testing.assert_array_equal(F.space2depth(F.depth2space(x, 2), 2).array, x)


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='depth2space: invalid r'):
        F.depth2space(uniform(1, 6, 2, 2), 2)
    with pytest.raises(InvalidType, match='depth2space: invalid X'):
        F.depth2space(uniform(4, 2, 2), 2)
