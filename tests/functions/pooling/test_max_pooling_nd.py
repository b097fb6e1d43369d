import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(20)

# (function, x shape, ksize, stride, pad, cover_all)
CASES = [
    (F.max_pooling_2d, (2, 3, 6, 4), 2, None, 0, True),
    (F.max_pooling_2d, (2, 2, 7, 6), 3, 2, 1, True),
    (F.max_pooling_2d, (1, 2, 7, 6), (3, 2), (2, 3), (1, 0), False),
    (F.max_pooling_2d, (1, 2, 5, 5), 3, 1, 1, True),
    (F.max_pooling_1d, (2, 3, 9), 4, 3, 1, True),
    (F.max_pooling_3d, (1, 2, 4, 5, 3), 2, 1, (1, 0, 1), False),
    (F.max_pooling_nd, (1, 2, 5, 4), (2, 3), 2, 0, True),
]


@pytest.mark.parametrize('func, shape, ksize, stride, pad, cover_all', CASES)
def test_max_pooling(func, shape, ksize, stride, pad, cover_all, reference_pooling, spaced):
    check_function(lambda x: func(x, ksize, stride, pad, cover_all), spaced(rng, shape),
                   lambda x: reference_pooling(x, ksize, stride, pad, cover_all, 'max'))


def test_gradient_goes_to_the_first_maximum_of_each_window():
    x = kusari.Variable(numpy.zeros((1, 1, 4, 4), numpy.float32))
    y = F.max_pooling_2d(x, 2)
    y.grad = numpy.arange(1, 5, dtype=numpy.float32).reshape(1, 1, 2, 2)
    y.backward()
    expected = numpy.zeros((4, 4), numpy.float32)
    expected[::2, ::2] = [[1, 2], [3, 4]]
    numpy.testing.assert_array_equal(x.grad[0, 0], expected)


def test_overlapping_windows_add_their_gradients():
    x = kusari.Variable(numpy.array([[[0., 5., 1., 0.]]]))
    y = F.max_pooling_1d(x, 3, 1, cover_all=False)
    y.grad = numpy.array([[[1., 10.]]])
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[[0., 11., 0., 0.]]])


def test_return_indices():
    x = spaced_input = numpy.random.default_rng(0).permutation(36).reshape(1, 1, 6, 6) * 1.0
    y, indexes = F.max_pooling_2d(x, 3, 2, 1, return_indices=True)
    assert indexes.shape == y.shape and indexes.dtype.kind == 'i'
    padded = numpy.pad(spaced_input, ((0, 0), (0, 0), (1, 2), (1, 2)), constant_values=-1)
    for i, j in numpy.ndindex(y.shape[2:]):
        window = padded[0, 0, 2 * i:2 * i + 3, 2 * j:2 * j + 3].ravel()
        assert indexes[0, 0, i, j] == window.argmax()
        assert y.array[0, 0, i, j] == window.max()


def test_no_indices_are_kept_without_backprop():
    x = kusari.Variable(numpy.ones((1, 1, 4, 4), numpy.float32))
    with kusari.no_backprop_mode():
        y = F.max_pooling_2d(x, 2)
    assert y.creator is None


def test_zero_batch():
    assert F.max_pooling_2d(numpy.zeros((0, 3, 4, 4), 'f'), 2).shape == (0, 3, 2, 2)


@pytest.mark.parametrize('func, x, kwargs, match', [
    (F.max_pooling_2d, numpy.zeros((1, 1, 4), 'f'), {}, 'max_pooling_2d: invalid x'),
    (F.max_pooling_2d, numpy.zeros((1, 1, 4, 4), 'i'), {}, 'max_pooling_2d: invalid x'),
    (F.max_pooling_2d, numpy.zeros((1, 1, 1, 4), 'f'), {'cover_all': False},
     'max_pooling_2d: invalid x'),
    (F.max_pooling_1d, numpy.zeros((1, 1, 4), 'f'), {'stride': 0},
     'max_pooling_1d: invalid stride'),
    (F.max_pooling_nd, numpy.zeros((1, 1), 'f'), {}, 'max_pooling_nd: invalid x'),
])
def test_invalid_inputs(func, x, kwargs, match):
    with pytest.raises(InvalidType, match=match):
        func(x, 2, **kwargs)


@pytest.mark.parametrize('ksize, stride, pad', [(2, None, 0), (3, 2, 1)])
def test_gradient_is_laid_out_like_a_channel_major_input(ksize, stride, pad, spaced):
    # Convolutions return (N, C, H, W) views of (C, H, W, N) arrays; the pooling's
    # gradient keeps that memory order so the convolution's backward needs no copy.
    data = spaced(rng, (3, 6, 6, 2))
    x = kusari.Variable(numpy.moveaxis(data, -1, 0))
    x_c = kusari.Variable(numpy.ascontiguousarray(x.array))
    for v in (x, x_c):
        y = F.max_pooling_2d(v, ksize, stride, pad)
        y.grad = numpy.arange(y.size, dtype=y.dtype).reshape(y.shape)
        y.backward()
    numpy.testing.assert_array_equal(x.grad, x_c.grad)
    strides = numpy.moveaxis(x.grad, 0, -1).strides  # (C, H, W, N) order in memory
    assert list(strides) == sorted(strides, reverse=True)
