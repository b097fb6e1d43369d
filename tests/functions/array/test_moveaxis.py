import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('source, destination', [
    (0, -1), (-1, 0), (1, 1), ((0, 2), (2, 0)), ((0, 1), (-1, -2)), ((), ())])
def test_matches_numpy(uniform, source, destination):
    check_function(lambda x: F.moveaxis(x, source, destination), uniform(2, 3, 4),
                   lambda x: numpy.moveaxis(x, source, destination).copy())


def test_bad_axes(uniform):
    with pytest.raises(InvalidType, match='moveaxis: invalid axis'):
        F.moveaxis(uniform(2, 3), 2, 0)
    with pytest.raises(InvalidType, match='moveaxis: invalid axis'):
        F.moveaxis(uniform(2, 3), (0, 0), (0, 1))
    with pytest.raises(InvalidType, match='moveaxis: invalid source and destination'):
        F.moveaxis(uniform(2, 3), (0, 1), 0)
