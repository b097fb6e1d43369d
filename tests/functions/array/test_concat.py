import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shapes, axis', [
    (((2, 3), (2, 1), (2, 4)), 1),
    (((2, 3), (1, 3)), 0),
    (((2, 3, 1), (2, 3, 2)), -1),
    (((3,),), 0),
    (((2, 0), (2, 3)), 1),
])
def test_matches_numpy(uniform, shapes, axis):
    xs = tuple(uniform(*s) for s in shapes)
    check_function(lambda *xs: F.concat(xs, axis), xs,
                   lambda *xs: numpy.concatenate(xs, axis))


def test_default_axis_is_one(uniform):
    assert F.concat([uniform(2, 3), uniform(2, 2)]).shape == (2, 5)


def test_gradient_of_one_input_only(uniform):
    a = kusari.Variable(uniform(2, 3))
    y = F.concat([a, uniform(2, 2)])
    gy = numpy.arange(10.0).reshape(2, 5)
    y.grad = gy
    y.backward()
    numpy.testing.assert_array_equal(a.grad, gy[:, :3])


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match=r'concat: invalid xs\[1\].shape'):
        F.concat([uniform(2, 3), uniform(3, 3)], axis=1)
    with pytest.raises(InvalidType, match='concat: invalid axis'):
        F.concat([uniform(2, 3)], axis=2)
    with pytest.raises(InvalidType, match='dtype'):
        F.concat([uniform(2, 3), uniform(2, 3).astype(numpy.float32)])
    with pytest.raises(InvalidType, match='concat'):
        F.concat([])
