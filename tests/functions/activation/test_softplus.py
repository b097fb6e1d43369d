import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(35)


def reference(beta):
    return lambda x: (numpy.logaddexp(0, beta * x.astype(numpy.float64)) / beta).astype(x.dtype)


@pytest.mark.parametrize('beta', [1.0, 2.0, 0.5])
@pytest.mark.parametrize('shape', [(3, 4), (0,)])
def test_softplus(beta, shape):
    check_function(lambda x: F.softplus(x, beta), rng.uniform(-3, 3, shape), reference(beta))


def test_softplus_0d(on_0d):
    function, ref = on_0d(F.softplus, reference(1.0))
    check_function(function, numpy.array([0.7]), ref)


def test_large_inputs_do_not_overflow():
    y = F.softplus(numpy.array([1000.0, -1000.0], numpy.float32)).array
    numpy.testing.assert_allclose(y, [1000.0, 0.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='softplus: invalid x'):
        F.softplus(numpy.arange(3))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_0d_input_with_a_numpy_beta_keeps_its_dtype(dtype):
    assert F.softplus(numpy.array(0.3, dtype), beta=numpy.float64(2)).dtype == dtype
