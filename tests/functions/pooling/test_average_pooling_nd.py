import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(21)

# (function, x shape, ksize, stride, pad, pad_value)
CASES = [
    (F.average_pooling_2d, (2, 3, 6, 4), 2, None, 0, 0),
    (F.average_pooling_2d, (2, 2, 7, 6), 3, 2, 1, 0),
    (F.average_pooling_2d, (1, 2, 7, 6), (3, 2), (2, 3), (1, 0), 0),
    (F.average_pooling_1d, (2, 3, 9), 4, 3, 1, None),
    (F.average_pooling_3d, (1, 2, 4, 5, 3), 2, 1, (1, 0, 1), None),
    (F.average_pooling_nd, (1, 2, 5, 4), (2, 3), 2, 1, 0),
    (F.average_pooling_nd, (1, 2, 5, 4), (2, 3), 2, 1, None),
]


@pytest.mark.parametrize('func, shape, ksize, stride, pad, pad_value', CASES)
def test_average_pooling(func, shape, ksize, stride, pad, pad_value, reference_pooling):
    def pool(x):
        if func is F.average_pooling_2d:
            return func(x, ksize, stride, pad)
        return func(x, ksize, stride, pad, pad_value)

    check_function(pool, rng.uniform(-1, 1, shape), lambda x: reference_pooling(
        x, ksize, stride, pad, False, 'average', pad_value))


def test_pad_value_must_be_0_or_none():
    with pytest.raises(ValueError, match='pad_value must be 0 or None'):
        F.average_pooling_nd(numpy.zeros((1, 1, 4, 4), 'f'), 2, pad_value=1)


def test_wrong_ndim():
    with pytest.raises(InvalidType, match='average_pooling_2d: invalid x'):
        F.average_pooling_2d(numpy.zeros((1, 1, 4, 4, 4), 'f'), 2)
