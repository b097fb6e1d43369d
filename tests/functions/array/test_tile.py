import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, reps', [
    ((3, 2), 2), ((3, 2), (2, 1)), ((3,), (2, 3)), ((2, 1, 3), (2,)), ((3, 2), (0, 1))])
def test_matches_numpy(uniform, shape, reps):
    check_function(lambda x: F.tile(x, reps), uniform(*shape), lambda x: numpy.tile(x, reps))


def test_bad_reps(uniform):
    with pytest.raises(InvalidType, match='tile: invalid reps'):
        F.tile(uniform(3), -1)
    with pytest.raises(InvalidType, match='tile: invalid reps'):
        F.tile(uniform(3), (1.5,))


def test_x_must_be_an_array_or_a_variable():
    x = numpy.zeros(2, 'f')
    with pytest.raises(TypeError, match='tile: x must be'):
        F.tile((x, x), 2)
