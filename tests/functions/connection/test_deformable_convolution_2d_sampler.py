import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(6)


def reference(x, offset, W, b, stride, pad):
    """Bilinear sampling of the zero-padded input at each displaced tap, point by point."""
    n, c, h, w = x.shape
    kh, kw = W.shape[2:]
    padded = numpy.zeros((n, c, h + 2 * pad[0], w + 2 * pad[1]))
    padded[:, :, pad[0]:pad[0] + h, pad[1]:pad[1] + w] = x
    out_h, out_w = offset.shape[2:]
    col = numpy.zeros((n, c, kh, kw, out_h, out_w))

    def pixel(b_, yy, xx):
        inside = 0 <= yy < padded.shape[2] and 0 <= xx < padded.shape[3]
        return padded[b_, :, yy, xx] if inside else 0.0

    for b_, p, q, i, j in numpy.ndindex(n, kh, kw, out_h, out_w):
        yy = i * stride[0] + p + offset[b_, kh * kw + p * kw + q, i, j]
        xx = j * stride[1] + q + offset[b_, p * kw + q, i, j]
        y0, x0 = int(numpy.floor(yy)), int(numpy.floor(xx))
        fy, fx = yy - y0, xx - x0
        col[b_, :, p, q, i, j] = ((1 - fy) * (1 - fx) * pixel(b_, y0, x0) +
                                  (1 - fy) * fx * pixel(b_, y0, x0 + 1) +
                                  fy * (1 - fx) * pixel(b_, y0 + 1, x0) +
                                  fy * fx * pixel(b_, y0 + 1, x0 + 1))
    y = numpy.tensordot(col, W, ((1, 2, 3), (1, 2, 3))).transpose(0, 3, 1, 2) + b.reshape(
        1, -1, 1, 1)
    return y.astype(x.dtype)


@pytest.mark.parametrize('stride, pad', [((1, 1), (0, 0)), ((2, 1), (1, 1))])
def test_deformable_convolution_2d_sampler(stride, pad):
    out_h, out_w = (5 + 2 * pad[0] - 2) // stride[0] + 1, (4 + 2 * pad[1] - 3) // stride[1] + 1

    def inputs(dtype):
        # Offsets away from integers, where bilinear sampling has kinks.
        offset = rng.integers(-2, 2, (2, 12, out_h, out_w)) + rng.uniform(0.2, 0.8, (
            2, 12, out_h, out_w))
        return (rng.uniform(-1, 1, (2, 2, 5, 4)), offset, rng.uniform(-1, 1, (3, 2, 2, 3)),
                rng.uniform(-1, 1, 3))

    check_function(
        lambda x, o, W, b: F.deformable_convolution_2d_sampler(x, o, W, b, stride, pad),
        inputs, lambda x, o, W, b: reference(x, o, W, b, stride, pad),
        dtypes=(numpy.float32, numpy.float64), dodge_nondifferentiable=True,
        double_backward=False)


def test_zero_offset_is_a_convolution(reference_convolution):
    x, W = rng.uniform(-1, 1, (1, 2, 5, 5)), rng.uniform(-1, 1, (3, 2, 3, 3))
    y = F.deformable_convolution_2d_sampler(x, numpy.zeros((1, 18, 3, 3)), W, stride=2, pad=1)
    numpy.testing.assert_allclose(y.array, reference_convolution(x, W, stride=2, pad=1),
                                  rtol=1e-12, atol=1e-12)


def test_offset_of_wrong_shape():
    with pytest.raises(InvalidType, match='deformable_convolution_2d_sampler: invalid offset'):
        F.deformable_convolution_2d_sampler(numpy.zeros((1, 2, 5, 5)), numpy.zeros((1, 18, 2, 2)),
                                            numpy.zeros((3, 2, 3, 3)))
