import numpy
import pytest

import kusari
from kusari.utils import array


@pytest.mark.parametrize('shape', [(), (2, 3), (0,), (5, 0, 7)])
def test_size_of_shape(shape):
    size = array.size_of_shape(shape)
    assert type(size) is int and size == numpy.empty(shape).size


@pytest.mark.parametrize('in_shape, out_shape', [
    ((), ()), ((3,), ()), ((3,), (1,)), ((2, 3), (3,)), ((2, 3), (2, 1)),
    ((2, 3, 4), (3, 1))])
def test_sum_to_is_the_adjoint_of_broadcasting(in_shape, out_shape):
    x = numpy.random.uniform(-1, 1, in_shape)
    y = numpy.random.uniform(-1, 1, out_shape)
    s = array.sum_to(x, out_shape)
    assert s.shape == out_shape
    numpy.testing.assert_allclose((s * y).sum(), (x * numpy.broadcast_to(y, in_shape)).sum())


def test_sum_to_rejects_variables():
    with pytest.raises(TypeError, match='functions.sum_to'):
        array.sum_to(kusari.Variable(numpy.zeros((2, 3))), (3,))


@pytest.mark.parametrize('func, expected', [
    (array.as_vec, (6,)), (array.as_mat, (2, 3)), (array.empty_like, (2, 3))])
def test_deprecated_helpers(func, expected):
    with pytest.warns(DeprecationWarning, match='deprecated'):
        assert func(numpy.zeros((2, 3))).shape == expected
