import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, offset, axis1, axis2', [
    ((3, 4), 0, 0, 1),
    ((3, 4), 1, 0, 1),
    ((3, 4), -2, 0, 1),
    ((2, 3, 4), 0, 2, 0),
    ((2, 3, 4), -1, -1, 1),
    ((3, 4), 5, 0, 1),  # past the corner: empty
])
def test_matches_numpy(uniform, shape, offset, axis1, axis2):
    check_function(lambda x: F.diagonal(x, offset, axis1, axis2), uniform(*shape),
                   lambda x: numpy.diagonal(x, offset, axis1, axis2).copy())


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='diagonal: invalid x'):
        F.diagonal(uniform(3))
    with pytest.raises(InvalidType, match='diagonal: invalid axis'):
        F.diagonal(uniform(3, 3), 0, 1, 1)
