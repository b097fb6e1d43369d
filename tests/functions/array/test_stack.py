import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('axis', [0, 1, 2, -1, -3])
def test_matches_numpy(uniform, axis):
    xs = (uniform(3, 2), uniform(3, 2), uniform(3, 2))
    check_function(lambda *xs: F.stack(xs, axis), xs, lambda *xs: numpy.stack(xs, axis))


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='stack: invalid axis'):
        F.stack([uniform(3), uniform(3)], 2)
    with pytest.raises(InvalidType, match=r'stack: invalid xs\[1\]'):
        F.stack([uniform(3), uniform(2)])
    with pytest.raises(InvalidType, match='stack: invalid xs'):
        F.stack([])
