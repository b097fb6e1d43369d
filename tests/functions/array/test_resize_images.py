import math

import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def source_position(i, in_size, out_size, mode, align_corners):
    """Where output pixel i reads from, following Chainer's documented rules."""
    if mode == 'nearest':
        return min(math.floor(i * in_size / out_size), in_size - 1)
    if align_corners:
        return i * (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
    return max((i + 0.5) * in_size / out_size - 0.5, 0.0)


def reference(x, out_shape, mode, align_corners):
    n, c, h, w = x.shape
    y = numpy.zeros((n, c) + out_shape, x.dtype)
    for i in range(out_shape[0]):
        for j in range(out_shape[1]):
            v = source_position(i, h, out_shape[0], mode, align_corners)
            u = source_position(j, w, out_shape[1], mode, align_corners)
            v0, u0 = int(v), int(u)
            v1, u1 = min(v0 + 1, h - 1), min(u0 + 1, w - 1)
            dv, du = v - v0, u - u0
            y[:, :, i, j] = ((1 - dv) * ((1 - du) * x[:, :, v0, u0] + du * x[:, :, v0, u1])
                             + dv * ((1 - du) * x[:, :, v1, u0] + du * x[:, :, v1, u1]))
    return y


@pytest.mark.parametrize('mode', ['bilinear', 'nearest'])
@pytest.mark.parametrize('align_corners', [True, False])
@pytest.mark.parametrize('in_hw, out_hw', [((3, 4), (5, 7)), ((5, 6), (2, 3)), ((3, 3), (1, 4))])
def test_matches_reference(uniform, mode, align_corners, in_hw, out_hw):
    x = uniform(2, 2, *in_hw)
    check_function(
        lambda x: F.resize_images(x, out_hw, mode=mode, align_corners=align_corners), x,
        lambda x: reference(x, out_hw, mode, align_corners))


def test_identity_size_and_corners(uniform):
    x = uniform(1, 2, 4, 5)
    numpy.testing.assert_allclose(F.resize_images(x, (4, 5)).array, x)
    y = F.resize_images(x, (7, 9)).array
    corners = (Ellipsis, [0, -1], slice(None))
    numpy.testing.assert_allclose(y[corners][..., [0, -1]], x[corners][..., [0, -1]])


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='resize_images: invalid x'):
        F.resize_images(uniform(2, 4, 4), (2, 2))
    with pytest.raises(InvalidType, match='resize_images: invalid mode'):
        F.resize_images(uniform(1, 1, 4, 4), (2, 2), mode='bicubic')
    with pytest.raises(InvalidType, match='resize_images: invalid output_shape'):
        F.resize_images(uniform(1, 1, 4, 4), (0, 2))


@attr.gpu
@pytest.mark.parametrize('mode', ['bilinear', 'nearest'])
def test_gpu(uniform, mode):
    check_function(lambda x: F.resize_images(x, (5, 7), mode=mode), uniform(2, 2, 3, 4),
                   lambda x: reference(x, (5, 7), mode, True), device='@cupy:0')
