import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(11)


@pytest.mark.parametrize('shape', [(3, 4), (0, 2)])
def test_linear_interpolate(shape):
    check_function(F.linear_interpolate,
                   (rng.uniform(0, 1, shape), rng.uniform(-1, 1, shape), rng.uniform(-1, 1, shape)),
                   lambda p, x, y: p * x + (1 - p) * y)


def test_rejects_mismatched_shapes():
    with pytest.raises(InvalidType, match='linear_interpolate: invalid shape of y'):
        F.linear_interpolate(numpy.ones(2), numpy.ones(2), numpy.ones(3))


def test_rejects_mismatched_dtypes():
    with pytest.raises(InvalidType, match='linear_interpolate: invalid dtypes of p and x'):
        F.linear_interpolate(numpy.ones(2), numpy.ones(2, numpy.float32), numpy.ones(2))
