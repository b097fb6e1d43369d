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
    # the view reads x's memory buffer, which only a contiguous x shows in C order
    check_function(lambda x: F.as_strided(x, shape, strides, offset), x,
                   lambda x: reference(x, shape, strides, offset), noncontiguous=False)


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
    with pytest.raises(ValueError, match='as_strided'):
        F.as_strided(uniform(4), (3,), (2,), 0)
    with pytest.raises(InvalidType, match='as_strided: invalid strides'):
        F.as_strided(uniform(4), (3,), (1, 1))
    with pytest.raises(InvalidType, match='storage_offset'):
        F.as_strided(uniform(4), (1,), (1,), -1)


@attr.gpu
def test_gpu(uniform):
    check_function(lambda x: F.as_strided(x, (3, 2), (1, 1), 2), uniform(3, 4),
                   lambda x: reference(x, (3, 2), (1, 1), 2), device='@cupy:0',
                   noncontiguous=False)


def test_views_read_the_buffer_under_x():
    x = numpy.arange(12.).reshape(3, 4)[::-1]
    numpy.testing.assert_array_equal(F.as_strided(x, (12,), (1,), 0).array, numpy.arange(12.))
    # the default offset is where x starts in the buffer
    numpy.testing.assert_array_equal(F.as_strided(x[1:], (2,), (1,)).array, [4., 5.])


def test_stride_array_is_a_view_of_the_buffer():
    from kusari.functions.array.as_strided import _stride_array
    base = numpy.arange(8.)
    y = _stride_array(base[2:], (3, 3), (-1, 2), 3)
    numpy.testing.assert_array_equal(y, [[3, 5, 7], [2, 4, 6], [1, 3, 5]])
    assert numpy.shares_memory(y, base)
    with pytest.raises(ValueError, match='as_strided'):
        _stride_array(base, (3, 3), (-1, 2), 1)


def test_buffer_elements_x_shows_twice_share_their_gradient():
    from kusari.functions.array.as_strided import _stride_array
    # x shows buffer elements 1..7, several of them twice or three times
    x = kusari.Variable(_stride_array(numpy.arange(8.), (3, 3), (-1, 2), 3))
    y = F.as_strided(x, (3, 3), (1, 2), 0)  # buffer elements 0..6
    gx, = kusari.grad((y,), (x,), (numpy.ones((3, 3)),))
    # the buffer gradient (uses by y) divided by the uses by x, read through x
    y_uses = numpy.bincount([0, 2, 4, 1, 3, 5, 2, 4, 6], minlength=8)
    x_uses = numpy.bincount([3, 5, 7, 2, 4, 6, 1, 3, 5], minlength=8)
    x_index = numpy.array([[3, 5, 7], [2, 4, 6], [1, 3, 5]])
    numpy.testing.assert_array_equal(gx.array, y_uses[x_index] / x_uses[x_index])
    assert gx.array[0, 0] == 0.5 and gx.array[1, 1] == 2


def test_integer_arrays_have_no_gradient():
    x = kusari.Variable(numpy.arange(4))
    y = F.as_strided(x, (4,), (-1,), 3)
    with pytest.raises(TypeError, match='as_strided'):
        kusari.grad((y,), (x,), (numpy.ones(4, numpy.int64),))
