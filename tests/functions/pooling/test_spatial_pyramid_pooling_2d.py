import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function

rng = numpy.random.default_rng(24)


def reference(x, height):
    """Level l: 2^l x 2^l bins, ceil-sized windows centred by symmetric -inf padding."""
    n, c, h, w = x.shape
    levels = []
    for level in range(height):
        bins = 2 ** level
        kh, kw = -(-h // bins), -(-w // bins)
        top, left = (kh * bins - h) // 2, (kw * bins - w) // 2
        padded = numpy.full((n, c, kh * bins + kh, kw * bins + kw), -numpy.inf)
        padded[:, :, top:top + h, left:left + w] = x
        out_h, out_w = (h + 2 * top - 1) // kh + 1, (w + 2 * left - 1) // kw + 1
        pooled = numpy.array([[padded[:, :, i * kh:(i + 1) * kh, j * kw:(j + 1) * kw].max(
            axis=(2, 3)) for j in range(out_w)] for i in range(out_h)])
        levels.append(pooled.transpose(2, 3, 0, 1).reshape(n, -1))
    return numpy.concatenate(levels, axis=1).reshape(n, -1, 1, 1).astype(x.dtype)


@pytest.mark.parametrize('shape, height', [((2, 3, 8, 8), 3), ((1, 2, 9, 6), 3),
                                           ((2, 2, 7, 6), 1)])
def test_spatial_pyramid_pooling_2d(shape, height, spaced):
    check_function(lambda x: F.spatial_pyramid_pooling_2d(x, height, 'max'),
                   spaced(rng, shape), lambda x: reference(x, height))


def test_bins_entirely_in_the_padding_are_minus_infinity():
    # As in Chainer: 9 rows in 4 bins of 3 leave the last bin with padding only.
    x = rng.uniform(-1, 1, (1, 2, 9, 5))
    y = F.spatial_pyramid_pooling_2d(x, 3, 'max').array
    numpy.testing.assert_array_equal(y, reference(x, 3))
    assert numpy.isinf(y).any()


def test_output_size_is_fixed():
    for size in (7, 12):
        y = F.spatial_pyramid_pooling_2d(numpy.ones((1, 4, size, size + 3), 'f'), 3, 'max')
        assert y.shape == (1, 4 * (1 + 4 + 16), 1, 1)


@pytest.mark.parametrize('pooling', [None, 'average'])
def test_only_max_pooling(pooling):
    with pytest.raises(ValueError, match='unsupported pooling'):
        F.spatial_pyramid_pooling_2d(numpy.ones((1, 1, 4, 4), 'f'), 2, pooling)
