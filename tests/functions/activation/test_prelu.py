import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(41)


def reference(x, w):
    slope = w.reshape((1,) + w.shape + (1,) * (x.ndim - w.ndim - 1))
    return numpy.where(x >= 0, x, x * slope)


@pytest.mark.parametrize('x_shape, w_shape', [((4, 3), (3,)), ((2, 3, 4), (3,)),
                                              ((2, 3, 4), (3, 4)), ((0, 3), (3,))])
def test_prelu(x_shape, w_shape):
    x = rng.uniform(0.1, 1, x_shape) * rng.choice([-1, 1], x_shape)
    check_function(F.prelu, (x, rng.uniform(0.1, 0.5, w_shape)), reference)


def test_prelu_with_one_slope():
    # W of shape () is one slope for every element; it enters as (1,) (see on_0d).
    x = rng.uniform(0.1, 1, (3, 2)) * rng.choice([-1, 1], (3, 2))
    check_function(lambda x, w: F.prelu(x, F.reshape(w, ())), (x, numpy.array([0.25])),
                   lambda x, w: reference(x, w.reshape(())))


def test_bad_w_shape():
    with pytest.raises(InvalidType, match='prelu: invalid shape of W'):
        F.prelu(numpy.ones((2, 3)), numpy.ones(2))


def test_mismatched_dtypes():
    with pytest.raises(InvalidType, match='prelu: invalid dtypes of x and W'):
        F.prelu(numpy.ones((2, 3)), numpy.ones(3, numpy.float32))
