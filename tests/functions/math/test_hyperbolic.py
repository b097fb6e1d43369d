import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(2)
UNARY = [(F.sinh, numpy.sinh, (-2, 2)), (F.cosh, numpy.cosh, (-2, 2)),
         (F.arctanh, numpy.arctanh, (-0.8, 0.8))]
names = [f.__name__ for f, _, _ in UNARY]


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
@pytest.mark.parametrize('shape', [(2, 3), (0,)])
def test_unary(func, ref, bounds, shape):
    check_function(func, rng.uniform(*bounds, shape), ref)


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
def test_unary_0d(func, ref, bounds, on_0d):
    function, reference = on_0d(func, ref)
    check_function(function, rng.uniform(*bounds, (1,)), reference)


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='cosh: invalid x'):
        F.cosh(numpy.arange(3))
