import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('axis1, axis2', [(0, 2), (1, 1), (-1, 0)])
def test_matches_numpy(uniform, axis1, axis2):
    check_function(lambda x: F.swapaxes(x, axis1, axis2), uniform(2, 3, 4),
                   lambda x: numpy.swapaxes(x, axis1, axis2).copy())


def test_bad_axis(uniform):
    with pytest.raises(InvalidType, match='swapaxes: invalid axis'):
        F.swapaxes(uniform(2, 3), 0, 2)
