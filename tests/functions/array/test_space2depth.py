import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def reference(x, r):
    blocks = [x[:, :, i::r, j::r] for i in range(r) for j in range(r)]
    return numpy.concatenate(blocks, axis=1)


def test_documented_example():
    x = numpy.arange(24, dtype=numpy.float32).reshape(1, 1, 4, 6)
    numpy.testing.assert_array_equal(F.space2depth(x, 2).array[0], [
        [[0, 2, 4], [12, 14, 16]], [[1, 3, 5], [13, 15, 17]],
        [[6, 8, 10], [18, 20, 22]], [[7, 9, 11], [19, 21, 23]]])


@pytest.mark.parametrize('shape, r', [((2, 2, 4, 6), 2), ((1, 1, 3, 6), 3)])
def test_matches_reference(uniform, shape, r):
    check_function(lambda x: F.space2depth(x, r), uniform(*shape), lambda x: reference(x, r))


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='space2depth: invalid r'):
        F.space2depth(uniform(1, 1, 3, 4), 2)
    with pytest.raises(InvalidType, match='space2depth: invalid X'):
        F.space2depth(uniform(4, 4), 2)
