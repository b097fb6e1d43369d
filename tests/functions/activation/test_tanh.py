import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(32)


@pytest.mark.parametrize('shape', [(3, 4), (0, 2)])
def test_tanh(shape):
    check_function(F.tanh, rng.uniform(-2, 2, shape), numpy.tanh)


def test_tanh_0d(on_0d):
    function, reference = on_0d(F.tanh, numpy.tanh)
    check_function(function, numpy.array([0.3]), reference)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='tanh: invalid x'):
        F.tanh(numpy.arange(3))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_float_input_keeps_its_dtype(dtype):
    # float32 passes its dtype check by identity, the other floats by kind
    y = F.tanh(numpy.full(3, 0.5, dtype))
    assert y.dtype == dtype
    numpy.testing.assert_allclose(y.array, numpy.tanh(numpy.full(3, 0.5, dtype)))


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.bool_, numpy.complex64])
def test_non_float_input_is_rejected(dtype):
    with pytest.raises(InvalidType, match='tanh: invalid x'):
        F.tanh(numpy.zeros(3, dtype))
