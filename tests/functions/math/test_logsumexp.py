import numpy
import pytest
from scipy.special import logsumexp as reference

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(14)


@pytest.mark.parametrize('axis', [None, 0, 1, (0, 2), -1])
def test_logsumexp(axis, on_0d):
    function, ref = on_0d(lambda x: F.logsumexp(x, axis=axis),
                          lambda x: numpy.asarray(reference(x.astype(numpy.float64), axis=axis)
                                                  ).astype(x.dtype), inputs=False)
    check_function(function, rng.uniform(-2, 2, (3, 4, 2)), ref)


def test_large_values_do_not_overflow():
    x = numpy.array([[1000.0, 1000.0], [-1000.0, -1001.0]], numpy.float32)
    numpy.testing.assert_allclose(F.logsumexp(x, axis=1).array,
                                  [1000 + numpy.log(2), -1000 + numpy.log1p(numpy.exp(-1))],
                                  rtol=1e-6)


def test_gradient_is_softmax():
    x = kusari.Variable(rng.uniform(-1, 1, (2, 3)))
    F.sum(F.logsumexp(x, axis=1)).backward()
    e = numpy.exp(x.array)
    numpy.testing.assert_allclose(x.grad, e / e.sum(axis=1, keepdims=True))


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='logsumexp: invalid x'):
        F.logsumexp(numpy.arange(3))
