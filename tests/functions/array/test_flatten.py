import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function


@pytest.mark.parametrize('shape', [(3, 2, 4), (5,), (2, 0)])
def test_matches_numpy(uniform, shape):
    check_function(F.flatten, uniform(*shape), lambda x: x.ravel())


def test_zero_dim_input():
    x = kusari.Variable(numpy.array(2.0))
    y = F.flatten(x)
    assert y.shape == (1,)
    y.grad = numpy.array([3.0])
    y.backward()
    assert x.grad.shape == () and x.grad == 3.0
