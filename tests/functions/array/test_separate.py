import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, axis', [((3, 2, 4), 0), ((3, 2, 4), 1), ((3, 2), -1), ((3,), 0)])
def test_matches_indexing(uniform, shape, axis):
    def reference(x):
        return tuple(numpy.take(x, i, axis=axis) for i in range(x.shape[axis]))
    # gradient_check cannot perturb the 0-d output gradients of a 1-d x (as inputs of the
    # double-backward check) yet.
    check_function(lambda x: F.separate(x, axis), uniform(*shape), reference,
                   double_backward=len(shape) > 1)


def test_gradient_of_some_outputs(uniform):
    x = kusari.Variable(uniform(3, 2))
    ys = F.separate(x)
    ys[1].grad = numpy.array([1.0, 2.0])
    ys[1].backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 0], [1, 2], [0, 0]])


def test_bad_axis(uniform):
    with pytest.raises(InvalidType, match='separate: invalid axis'):
        F.separate(uniform(3, 2), 2)
