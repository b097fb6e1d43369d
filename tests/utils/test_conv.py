"""Tests of kusari.utils.conv (Chainer's chainer.utils.conv helpers)."""

import numpy
import pytest

from kusari.utils import conv

rng = numpy.random.default_rng(40)


@pytest.mark.parametrize('size, k, s, p, cover_all, d, expected', [
    (28, 5, 1, 0, False, 1, 24), (7, 3, 2, 1, False, 1, 4), (7, 2, 3, 0, False, 1, 2),
    (7, 2, 3, 0, True, 1, 3), (9, 3, 1, 0, False, 2, 5), (6, 3, 2, 1, True, 2, 3)])
def test_get_conv_outsize(size, k, s, p, cover_all, d, expected):
    assert conv.get_conv_outsize(size, k, s, p, cover_all, d) == expected


@pytest.mark.parametrize('size, k, s, p, d', [(4, 3, 2, 1, 1), (5, 2, 3, 0, 2), (3, 5, 1, 2, 1)])
@pytest.mark.parametrize('cover_all', [False, True])
def test_get_deconv_outsize_inverts_get_conv_outsize(size, k, s, p, d, cover_all):
    out = conv.get_deconv_outsize(size, k, s, p, cover_all, d)
    assert conv.get_conv_outsize(out, k, s, p, cover_all, d) == size


@pytest.mark.parametrize('shape, k, s, p, d, cover_all', [
    ((2, 3, 6, 5), (3, 2), (1, 2), (1, 0), (1, 1), False),
    ((1, 2, 7, 7), (2, 3), (3, 2), (0, 1), (2, 1), True)])
def test_im2col_and_col2im(shape, k, s, p, d, cover_all):
    x = rng.uniform(-1, 1, shape)
    col = conv.im2col_cpu(x, k[0], k[1], s[0], s[1], p[0], p[1], pval=-7.0,
                          cover_all=cover_all, dy=d[0], dx=d[1])
    out_h = conv.get_conv_outsize(shape[2], k[0], s[0], p[0], cover_all, d[0])
    out_w = conv.get_conv_outsize(shape[3], k[1], s[1], p[1], cover_all, d[1])
    assert col.shape == shape[:2] + k + (out_h, out_w)
    padded = numpy.full(shape[:2] + (shape[2] + 2 * p[0] + s[0] * 2, shape[3] + 2 * p[1] +
                                       s[1] * 2), -7.0)
    padded[:, :, p[0]:p[0] + shape[2], p[1]:p[1] + shape[3]] = x
    for i, j, y, z in numpy.ndindex(k[0], k[1], out_h, out_w):
        numpy.testing.assert_array_equal(col[:, :, i, j, y, z],
                                         padded[:, :, y * s[0] + i * d[0], z * s[1] + j * d[1]])
    # col2im is the adjoint of im2col with zero padding.
    col0 = conv.im2col_cpu(x, k[0], k[1], s[0], s[1], p[0], p[1], cover_all=cover_all,
                           dy=d[0], dx=d[1])
    g = rng.uniform(-1, 1, col0.shape)
    back = conv.col2im_cpu(g, s[0], s[1], p[0], p[1], shape[2], shape[3], d[0], d[1])
    numpy.testing.assert_allclose(numpy.vdot(col0, g), numpy.vdot(x, back), rtol=1e-12)


def test_im2col_with_an_empty_output_is_an_error():
    with pytest.raises(ValueError, match='not positive'):
        conv.im2col_cpu(numpy.zeros((1, 1, 2, 2)), 3, 3, 1, 1, 0, 0)
