import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, axis', [((3, 2), 0), ((3, 2), 2), ((3, 2), -1), ((3, 2), -3)])
def test_matches_numpy(uniform, shape, axis):
    check_function(lambda x: F.expand_dims(x, axis), uniform(*shape),
                   lambda x: numpy.expand_dims(x, axis))


def test_zero_dim_input():
    x = kusari.Variable(numpy.array(2.0))
    y = F.expand_dims(x, 0)
    assert y.shape == (1,)
    y.grad = numpy.array([3.0])
    y.backward()
    assert x.grad.shape == () and x.grad == 3.0


def test_bad_axis(uniform):
    with pytest.raises(InvalidType, match='expand_dims: invalid axis'):
        F.expand_dims(uniform(3, 2), 3)
