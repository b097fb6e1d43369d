import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, axis', [
    ((1, 3, 1, 2), None), ((1, 3, 1, 2), 2), ((1, 3, 1, 2), (0, -2)), ((3, 2), None)])
def test_matches_numpy(uniform, shape, axis):
    check_function(lambda x: F.squeeze(x, axis), uniform(*shape),
                   lambda x: numpy.squeeze(x, axis))


def test_axis_of_other_length(uniform):
    with pytest.raises(InvalidType, match='squeeze: invalid axis'):
        F.squeeze(uniform(1, 3), 1)
    with pytest.raises(InvalidType, match='squeeze: invalid axis'):
        F.squeeze(uniform(1, 3), 2)
