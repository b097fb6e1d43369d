import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(34)


def reference(x, n, k, alpha, beta):
    y = numpy.empty_like(x)
    half = n // 2
    for c in range(x.shape[1]):
        window = x[:, max(c - half, 0):c + half + 1].astype(numpy.float64)
        y[:, c] = x[:, c] / (k + alpha * (window ** 2).sum(axis=1)) ** beta
    return y


@pytest.mark.parametrize('shape, n, k, alpha, beta', [
    ((2, 7, 3, 2), 5, 2, 1e-2, 0.75), ((3, 4), 3, 1, 0.5, 0.6), ((2, 6, 3), 4, 1.5, 0.1, 1.0)])
def test_local_response_normalization(shape, n, k, alpha, beta):
    check_function(lambda x: F.local_response_normalization(x, n, k, alpha, beta),
                   rng.uniform(-2, 2, shape), lambda x: reference(x, n, k, alpha, beta))


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='local_response_normalization: invalid x'):
        F.local_response_normalization(numpy.ones((2, 3), 'i'))
