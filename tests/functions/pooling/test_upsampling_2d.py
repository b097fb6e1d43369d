import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(23)


@pytest.mark.parametrize('shape, ksize, stride, pad, cover_all', [
    ((2, 3, 6, 4), 2, None, 0, True), ((1, 2, 7, 6), 3, 2, 1, True),
    ((1, 2, 7, 5), (3, 2), (2, 3), (1, 0), False)])
def test_upsampling_2d_inverts_max_pooling(shape, ksize, stride, pad, cover_all):
    x = rng.permutation(int(numpy.prod(shape))).reshape(shape).astype(numpy.float64)
    pooled, indexes = F.max_pooling_2d(x, ksize, stride, pad, cover_all, return_indices=True)

    def reference(y):
        # Each pooled value goes back to where its maximum was (summed where they meet).
        out = numpy.zeros(shape)
        for n, c, i, j in numpy.ndindex(y.shape):
            window = x[n, c] == pooled.array[n, c, i, j]
            out[n, c][window] += y[n, c, i, j]
        return out.astype(y.dtype)

    check_function(lambda y: F.upsampling_2d(y, indexes, ksize, stride, pad, shape[2:],
                                             cover_all),
                   rng.uniform(-1, 1, pooled.shape), reference)


def test_default_outsize():
    y = F.upsampling_2d(numpy.ones((1, 1, 2, 3), 'f'), numpy.zeros((1, 1, 2, 3), numpy.intp), 2)
    assert y.shape == (1, 1, 3, 5)  # get_deconv_outsize with cover_all=True


@pytest.mark.parametrize('indexes', [numpy.zeros((1, 1, 2, 2), 'f'),
                                     numpy.full((1, 1, 2, 3), 4), numpy.zeros((1, 2, 2))])
def test_invalid_indexes(indexes):
    with pytest.raises(InvalidType, match='upsampling_2d: invalid indexes'):
        F.upsampling_2d(numpy.ones((1, 1, 2, 3), 'f'), indexes, 2)
