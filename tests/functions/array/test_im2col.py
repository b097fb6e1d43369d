import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def reference(x, k, s, p, cover_all, d):
    """Patches read pixel by pixel from a zero-padded copy."""
    (kh, kw), (sy, sx), (ph, pw), (dy, dx) = k, s, p, d
    n, c, h, w = x.shape

    def size(length, k, s, p, d):
        span = (k - 1) * d + 1
        return (length + 2 * p - span + (s - 1 if cover_all else 0)) // s + 1
    out_h, out_w = size(h, kh, sy, ph, dy), size(w, kw, sx, pw, dx)
    big = numpy.zeros((n, c, h + 2 * ph + sy + kh * dy, w + 2 * pw + sx + kw * dx), x.dtype)
    big[:, :, ph:ph + h, pw:pw + w] = x
    y = numpy.zeros((n, c, kh, kw, out_h, out_w), x.dtype)
    for i in range(kh):
        for j in range(kw):
            for oy in range(out_h):
                for ox in range(out_w):
                    y[:, :, i, j, oy, ox] = big[:, :, oy * sy + i * dy, ox * sx + j * dx]
    return y.reshape(n, c * kh * kw, out_h, out_w)


@pytest.mark.parametrize('ksize, stride, pad, cover_all, dilate', [
    ((3, 3), (1, 1), (0, 0), False, (1, 1)),
    ((2, 3), (2, 1), (1, 0), False, (1, 1)),
    ((2, 2), (3, 3), (1, 1), True, (1, 1)),
    ((2, 2), (1, 2), (1, 1), False, (2, 1)),
])
def test_matches_reference(uniform, ksize, stride, pad, cover_all, dilate):
    x = uniform(2, 3, 5, 6)
    check_function(lambda x: F.im2col(x, ksize, stride, pad, cover_all, dilate), x,
                   lambda x: reference(x, ksize, stride, pad, cover_all, dilate))


def test_int_arguments_mean_pairs(uniform):
    x = uniform(1, 2, 5, 5)
    numpy.testing.assert_array_equal(F.im2col(x, 3, 2, 1).array,
                                     F.im2col(x, (3, 3), (2, 2), (1, 1)).array)
    assert F.im2col(x, 3, 2, 1).shape == (1, 18, 3, 3)


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='im2col: invalid x'):
        F.im2col(uniform(2, 5, 5), 3)
    with pytest.raises(InvalidType, match='im2col: invalid x'):
        F.im2col(numpy.zeros((1, 1, 3, 3), numpy.int32), 3)
    with pytest.raises(InvalidType, match='im2col: invalid ksize'):
        F.im2col(uniform(1, 1, 2, 2), 3)
    with pytest.raises(InvalidType, match='im2col: invalid stride'):
        F.im2col(uniform(1, 1, 2, 2), 1, (1, 2, 3))


@attr.gpu
def test_gpu(uniform):
    args = (2, 3), (2, 1), (1, 0), True, (1, 2)
    check_function(lambda x: F.im2col(x, *args), uniform(2, 3, 5, 6),
                   lambda x: reference(x, *args), device='@cupy:0')
