import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def reference(x, grid):
    """Bilinear reads of a zero-padded image, point by point."""
    n, c, h, w = x.shape
    padded = numpy.zeros((n, c, h + 4, w + 4), x.dtype)
    padded[:, :, 2:-2, 2:-2] = x
    out = numpy.zeros((n, c) + grid.shape[2:], x.dtype)
    for b in range(n):
        for i in range(grid.shape[2]):
            for j in range(grid.shape[3]):
                u = numpy.clip((grid[b, 0, i, j] + 1) * (w - 1) / 2, -1.5, w + 0.5) + 2
                v = numpy.clip((grid[b, 1, i, j] + 1) * (h - 1) / 2, -1.5, h + 0.5) + 2
                u0, v0 = int(u), int(v)
                du, dv = u - u0, v - v0
                out[b, :, i, j] = (
                    (1 - dv) * ((1 - du) * padded[b, :, v0, u0] + du * padded[b, :, v0, u0 + 1])
                    + dv * ((1 - du) * padded[b, :, v0 + 1, u0]
                            + du * padded[b, :, v0 + 1, u0 + 1]))
    return out


def inputs(dtype):
    generator = numpy.random
    x = generator.uniform(-1, 1, (2, 3, 4, 5)).astype(dtype)
    grid = generator.uniform(-1.4, 1.4, (2, 2, 3, 3)).astype(dtype)  # some points outside
    return x, grid


def test_matches_reference():
    check_function(F.spatial_transformer_sampler, inputs, reference,
                   dtypes=(numpy.float32, numpy.float64), dodge_nondifferentiable=True)


def test_identity_grid_reproduces_the_image(uniform):
    x = uniform(2, 3, 4, 5)
    theta = numpy.tile(numpy.array([[1.0, 0, 0], [0, 1, 0]]), (2, 1, 1))
    grid = F.spatial_transformer_grid(theta, (4, 5))
    numpy.testing.assert_allclose(F.spatial_transformer_sampler(x, grid).array, x, atol=1e-12)


def test_far_outside_reads_zero_without_gradient(uniform):
    import kusari
    grid = kusari.Variable(numpy.full((1, 2, 1, 1), 5.0))
    y = F.spatial_transformer_sampler(uniform(1, 2, 3, 3), grid)
    numpy.testing.assert_array_equal(y.array, 0)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    numpy.testing.assert_array_equal(grid.grad, 0)


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='spatial_transformer_sampler: invalid grid'):
        F.spatial_transformer_sampler(uniform(2, 3, 4, 4), uniform(1, 2, 3, 3))
    with pytest.raises(InvalidType, match='spatial_transformer_sampler: invalid x'):
        F.spatial_transformer_sampler(uniform(3, 4, 4), uniform(3, 2, 3, 3))


@attr.gpu
def test_gpu():
    check_function(F.spatial_transformer_sampler, inputs, reference,
                   dtypes=(numpy.float32, numpy.float64), dodge_nondifferentiable=True,
                   device='@cupy:0')
