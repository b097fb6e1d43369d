import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def reference(x, shape, strides, offset=0):
    flat = numpy.ascontiguousarray(x).ravel()
    return numpy.lib.stride_tricks.as_strided(
        flat[offset:], shape, [s * flat.itemsize for s in strides]).copy()


@pytest.mark.parametrize('shape, strides, offset', [
    ((3, 2), (1, 1), 0),       # overlapping windows
    ((2, 3), (3, 1), 6),       # a plain reshape of the tail
    ((4,), (0,), 5),           # one element broadcast
    ((2, 2, 2), (4, 1, 2), 1),
    ((0, 3), (1, 1), 0),
])
def test_matches_numpy_views(uniform, shape, strides, offset):
    x = uniform(3, 4)
    check_function(lambda x: F.as_strided(x, shape, strides, offset), x,
                   lambda x: reference(x, shape, strides, offset))


def test_negative_strides_read_backwards(uniform):
    x = uniform(6)
    y = F.as_strided(x, (3,), (-2,), 5)
    numpy.testing.assert_array_equal(y.array, x[[5, 3, 1]])


def test_gradient_counts_each_use():
    x = kusari.Variable(numpy.arange(4, dtype=numpy.float32))
    y = F.as_strided(x, (3, 2), (1, 1))
    y.grad = numpy.ones((3, 2), numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [1, 2, 2, 1])


def test_view_outside_the_elements_is_refused(uniform):
    with pytest.raises(InvalidType, match='as_strided'):
        F.as_strided(uniform(4), (3,), (2,), 0)
    with pytest.raises(InvalidType, match='as_strided: invalid strides'):
        F.as_strided(uniform(4), (3,), (1, 1))
    with pytest.raises(InvalidType, match='storage_offset'):
        F.as_strided(uniform(4), (1,), (1,), -1)


@attr.gpu
def test_gpu(uniform):
    check_function(lambda x: F.as_strided(x, (3, 2), (1, 1), 2), uniform(3, 4),
                   lambda x: reference(x, (3, 2), (1, 1), 2), device='@cupy:0')
