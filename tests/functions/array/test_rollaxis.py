import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('axis, start', [(2, 0), (0, 3), (1, 0), (0, 2), (-1, 1), (1, -3)])
def test_matches_numpy(uniform, axis, start):
    check_function(lambda x: F.rollaxis(x, axis, start), uniform(2, 3, 4),
                   lambda x: numpy.rollaxis(x, axis, start).copy())


def test_bad_arguments(uniform):
    with pytest.raises(InvalidType, match='rollaxis: invalid axis'):
        F.rollaxis(uniform(2, 3), 2)
    with pytest.raises(InvalidType, match='rollaxis: invalid start'):
        F.rollaxis(uniform(2, 3), 0, 3)
