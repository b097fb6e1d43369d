import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def reference(theta, h, w):
    grid = numpy.empty((len(theta), 2, h, w), theta.dtype)
    for i, y in enumerate(numpy.linspace(-1, 1, h)):
        for j, x in enumerate(numpy.linspace(-1, 1, w)):
            grid[:, :, i, j] = theta @ numpy.array([x, y, 1.0], theta.dtype)
    return grid


@pytest.mark.parametrize('output_shape', [(3, 4), (1, 5)])
def test_matches_reference(uniform, output_shape):
    check_function(lambda t: F.spatial_transformer_grid(t, output_shape), uniform(2, 2, 3),
                   lambda t: reference(t, *output_shape),
                   forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


def test_identity_transform_spans_the_square():
    theta = numpy.array([[[1, 0, 0], [0, 1, 0]]], numpy.float32)
    grid = F.spatial_transformer_grid(theta, (2, 3)).array
    numpy.testing.assert_allclose(grid[0, 0], [[-1, 0, 1], [-1, 0, 1]])
    numpy.testing.assert_allclose(grid[0, 1], [[-1, -1, -1], [1, 1, 1]])


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='spatial_transformer_grid: invalid theta'):
        F.spatial_transformer_grid(uniform(2, 3, 3), (2, 2))
    with pytest.raises(TypeError, match='unexpected'):
        F.spatial_transformer_grid(uniform(2, 2, 3), (2, 2), mode='x')
