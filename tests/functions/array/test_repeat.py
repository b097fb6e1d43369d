import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('repeats, axis', [
    (2, None), (3, 0), (2, -1), ((1, 0, 3), 0), ([2], 1), ((0, 2, 1, 1), 1), (0, 1)])
def test_matches_numpy(uniform, repeats, axis):
    check_function(lambda x: F.repeat(x, repeats, axis), uniform(3, 4),
                   lambda x: numpy.repeat(x, repeats, axis))


def test_bad_repeats(uniform):
    with pytest.raises(InvalidType, match='repeat: invalid repeats'):
        F.repeat(uniform(3), -1)
    with pytest.raises(InvalidType, match='repeat: invalid repeats'):
        F.repeat(uniform(3, 2), (1, 2, 3), axis=1)
    with pytest.raises(InvalidType, match='repeat: invalid axis'):
        F.repeat(uniform(3), 2, axis=1)


@attr.gpu
@pytest.mark.parametrize('repeats', [2, (0, 2, 1)])
def test_gpu(uniform, repeats):
    check_function(lambda x: F.repeat(x, repeats, 0), uniform(3, 4),
                   lambda x: numpy.repeat(x, repeats, 0), device='@cupy:0')


def test_repeats_must_be_ints():
    with pytest.raises(TypeError, match='repeat: invalid repeats'):
        F.repeat(numpy.zeros(2, 'f'), 'a')


def test_bool_repeats_count_as_ints():
    x = numpy.arange(3, dtype='f')
    numpy.testing.assert_array_equal(F.repeat(x, (True, False, True)).array, [0, 2])
