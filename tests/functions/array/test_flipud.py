import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape', [(5,), (3, 4, 2)])
def test_matches_numpy(uniform, shape):
    check_function(F.flipud, uniform(*shape), numpy.flipud)


def test_needs_one_axis(uniform):
    with pytest.raises(InvalidType, match='flipud: invalid a'):
        F.flipud(uniform())
