"""Tests of kusari.utils.conv_nd (Chainer's chainer.utils.conv_nd helpers)."""

import itertools

import numpy
import pytest

from kusari.utils import conv, conv_nd

rng = numpy.random.default_rng(41)


def test_as_tuple():
    assert conv_nd.as_tuple(2, 3) == (2, 2, 2)
    assert conv_nd.as_tuple([1, 2, 3], 3) == (1, 2, 3)
    with pytest.raises(AssertionError, match='length 3'):
        conv_nd.as_tuple((1, 2), 3)


@pytest.mark.parametrize('shape, k, s, p, d, cover_all', [
    ((2, 3, 5), (2,), (2,), (1,), (1,), False),
    ((1, 2, 5, 4, 6), (2, 3, 2), (1, 2, 3), (1, 0, 1), (1, 1, 2), True)])
def test_im2col_nd_and_col2im_nd(shape, k, s, p, d, cover_all):
    x = rng.uniform(-1, 1, shape)
    col = conv_nd.im2col_nd_cpu(x, k, s, p, pval=-7.0, cover_all=cover_all, dilate=d)
    outs = tuple(conv.get_conv_outsize(n, kk, ss, pp, cover_all, dd)
                 for n, kk, ss, pp, dd in zip(shape[2:], k, s, p, d))
    assert col.shape == shape[:2] + k + outs
    padded = numpy.full(shape[:2] + tuple(n + 2 * pp + 2 * ss for n, pp, ss in
                                          zip(shape[2:], p, s)), -7.0)
    padded[(slice(None), slice(None)) + tuple(slice(pp, pp + n) for pp, n in zip(p, shape[2:]))] = x
    for kernel in itertools.product(*map(range, k)):
        for out in itertools.product(*map(range, outs)):
            source = tuple(o * ss + i * dd for o, ss, i, dd in zip(out, s, kernel, d))
            numpy.testing.assert_array_equal(col[(slice(None), slice(None)) + kernel + out],
                                             padded[(slice(None), slice(None)) + source])
    # col2im_nd is the adjoint of im2col_nd with zero padding.
    col0 = conv_nd.im2col_nd(x, k, s, p, cover_all=cover_all, dilate=d)
    g = rng.uniform(-1, 1, col0.shape)
    back = conv_nd.col2im_nd(g, s, p, shape[2:], dilate=d)
    assert back.shape == shape
    numpy.testing.assert_allclose(numpy.vdot(col0, g), numpy.vdot(x, back), rtol=1e-12)


def test_parameter_ranks_are_checked():
    img = numpy.zeros((2, 3, 4, 3))
    with pytest.raises(AssertionError, match='length 2'):
        conv_nd.im2col_nd_cpu(img, (2, 2), (1,), (0, 0))
    col = numpy.zeros((2, 3, 2, 2, 3, 2))
    with pytest.raises(AssertionError, match='do not fit 1 spatial dims'):
        conv_nd.col2im_nd_cpu(col, (1, 1), (0, 0), (4,))
    with pytest.raises(AssertionError, match='length 2'):
        conv_nd.col2im_nd_cpu(col, (1,), (0, 0), (4, 3))


def test_2d_helpers_agree_with_nd():
    img = rng.uniform(-1, 1, (2, 2, 6, 5))
    col = conv.im2col(img, 3, 2, 2, 1, 1, 0, dy=1, dx=2)
    numpy.testing.assert_array_equal(col, conv_nd.im2col_nd(img, (3, 2), (2, 1), (1, 0),
                                                            dilate=(1, 2)))
    numpy.testing.assert_array_equal(conv.col2im(col, 2, 1, 1, 0, 6, 5, dy=1, dx=2),
                                     conv_nd.col2im_nd(col, (2, 1), (1, 0), (6, 5),
                                                       dilate=(1, 2)))
