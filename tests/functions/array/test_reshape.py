import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('in_shape, shape', [((2, 3, 4), (6, 4)), ((2, 3, 4), (-1,)),
                                             ((6,), (3, -1)), ((6,), 6), ((2, 0), (0, 5))])
def test_matches_numpy(uniform, in_shape, shape):
    check_function(lambda x: F.reshape(x, shape), uniform(*in_shape),
                   lambda x: x.reshape(shape))


def test_same_shape_returns_the_variable(uniform):
    x = kusari.Variable(uniform(2, 3))
    assert F.reshape(x, (2, 3)) is x
    assert x.reshape(3, 2).shape == (3, 2)


def test_bad_shape(uniform):
    with pytest.raises(InvalidType, match='reshape: invalid shape'):
        F.reshape(uniform(2, 3), (4, 2))
