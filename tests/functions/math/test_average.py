import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(25)


@pytest.mark.parametrize('axis, w_shape', [(1, (3,)), (None, (2, 3, 4)), ((0, 1), (2, 3, 4)),
                                           (-1, (4,))])
@pytest.mark.parametrize('keepdims', [False, True])
def test_average(axis, w_shape, keepdims, on_0d):
    function, reference = on_0d(
        lambda x, w: F.average(x, axis=axis, weights=w, keepdims=keepdims),
        lambda x, w: numpy.asarray(_average(x, axis, w, keepdims)), inputs=False)
    check_function(function, (rng.uniform(-1, 1, (2, 3, 4)), rng.uniform(0.5, 1, w_shape)),
                   reference)


def _average(x, axis, w, keepdims):
    if w.shape != x.shape:
        shape = [1] * x.ndim
        shape[axis] = -1
        w = numpy.broadcast_to(w.reshape(shape), x.shape)
    total = (x * w).sum(axis=axis, keepdims=keepdims)
    return (total / w.sum(axis=axis, keepdims=keepdims)).astype(x.dtype)


def test_average_without_weights_is_mean():
    x = rng.uniform(-1, 1, (2, 3))
    numpy.testing.assert_allclose(F.average(x, axis=1).array, x.mean(axis=1))
    numpy.testing.assert_allclose(F.mean(x, axis=1, weights=numpy.ones(3)).array, x.mean(axis=1))


def test_average_bad_weights():
    with pytest.raises(InvalidType, match='average: invalid weights'):
        F.average(numpy.ones((2, 3)), axis=1, weights=numpy.ones(2))
