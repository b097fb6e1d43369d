import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(4)
UNARY = [
    (F.square, numpy.square, (-2, 2)),
    (F.sqrt, numpy.sqrt, (0.5, 3)),
    (F.rsqrt, lambda x: 1 / numpy.sqrt(x), (0.5, 3)),
]
names = [f.__name__ for f, _, _ in UNARY]


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
@pytest.mark.parametrize('shape', [(4, 3), (2, 0)])
def test_unary(func, ref, bounds, shape):
    check_function(func, rng.uniform(*bounds, shape), ref)


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
def test_unary_0d(func, ref, bounds, on_0d):
    function, reference = on_0d(func, ref)
    check_function(function, rng.uniform(*bounds, (1,)), reference)


def test_rsqrt_of_zero_is_inf():
    with numpy.errstate(divide='ignore'):
        assert F.rsqrt(numpy.zeros(2, numpy.float32)).array.tolist() == [numpy.inf] * 2


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='sqrt: invalid x'):
        F.sqrt(numpy.arange(3))
