import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(3)
UNARY = [
    (F.exp, numpy.exp, (-2, 2)),
    (F.log, numpy.log, (0.5, 3)),
    (F.log2, numpy.log2, (0.5, 3)),
    (F.log10, numpy.log10, (0.5, 3)),
    (F.expm1, numpy.expm1, (-2, 2)),
    (F.log1p, numpy.log1p, (-0.5, 2)),
]
names = [f.__name__ for f, _, _ in UNARY]


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
@pytest.mark.parametrize('shape', [(3, 2), (0, 3)])
def test_unary(func, ref, bounds, shape):
    check_function(func, rng.uniform(*bounds, shape), ref)


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
def test_unary_0d(func, ref, bounds, on_0d):
    function, reference = on_0d(func, ref)
    check_function(function, rng.uniform(*bounds, (1,)), reference)


def test_expm1_and_log1p_are_accurate_near_zero():
    x = numpy.array([1e-10, -1e-12], numpy.float64)
    numpy.testing.assert_allclose(F.expm1(x).array, x, rtol=1e-9)
    numpy.testing.assert_allclose(F.log1p(x).array, x, rtol=1e-9)


def test_exp_is_usable_as_a_variable_method_chain():
    x = kusari.Variable(numpy.array([0.0, 1.0]))
    y = F.log(F.exp(x))
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [1.0, 1.0])


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='log: invalid x'):
        F.log(numpy.arange(1, 3))
