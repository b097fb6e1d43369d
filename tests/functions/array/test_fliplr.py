import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape', [(3, 4), (3, 4, 2)])
def test_matches_numpy(uniform, shape):
    check_function(F.fliplr, uniform(*shape), numpy.fliplr)


def test_needs_two_axes(uniform):
    with pytest.raises(InvalidType, match='fliplr: invalid a'):
        F.fliplr(uniform(3))
