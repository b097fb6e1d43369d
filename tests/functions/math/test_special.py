import sys

import numpy
import pytest
from scipy import special

import kusari
import kusari.functions as F
from kusari import gradient_check
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(5)


def reference(name):
    return lambda x: getattr(special, name)(x).astype(x.dtype)


UNARY = [
    (F.erf, 'erf', (-2, 2)),
    (F.erfc, 'erfc', (-2, 2)),
    (F.erfcx, 'erfcx', (-2, 2)),
    (F.erfinv, 'erfinv', (-0.9, 0.9)),
    (F.erfcinv, 'erfcinv', (0.1, 1.9)),
    (F.lgamma, 'gammaln', (0.5, 4)),
    (F.digamma, 'digamma', (0.5, 4)),
    (F.ndtr, 'ndtr', (-3, 3)),
    (F.ndtri, 'ndtri', (0.05, 0.95)),
    (F.log_ndtr, 'log_ndtr', (-5, 3)),
]
names = [f.__name__ for f, _, _ in UNARY]


@pytest.mark.parametrize('func, name, bounds', UNARY, ids=names)
def test_unary(func, name, bounds):
    check_function(func, rng.uniform(*bounds, (3, 4)), reference(name))


@pytest.mark.parametrize('func, name, bounds', UNARY, ids=names)
def test_unary_0d_and_empty(func, name, bounds, on_0d):
    function, ref = on_0d(func, reference(name))
    check_function(function, rng.uniform(*bounds, (1,)), ref, dtypes=(numpy.float64,))
    check_function(func, rng.uniform(*bounds, (0, 2)), reference(name),
                   dtypes=(numpy.float64,))


def test_log_ndtr_gradient_is_finite_in_the_far_tail():
    x = kusari.Variable(numpy.array([-40.0, -10.0]))
    y = F.log_ndtr(x)
    y.grad = numpy.ones(2)
    y.backward()
    # d/dx log ndtr(x) ~ -x for x -> -inf.
    numpy.testing.assert_allclose(x.grad, [40.0, 10.0], rtol=1e-2)


def test_polygamma():
    n = numpy.array([[0, 1, 2], [3, 1, 0]], numpy.int32)
    x = rng.uniform(0.5, 3, (2, 3))
    check_function(F.polygamma, (n, x), lambda n, x: special.polygamma(n, x).astype(x.dtype))


def test_polygamma_rejects_float_order():
    with pytest.raises(InvalidType, match='polygamma: invalid n'):
        F.polygamma(numpy.ones(2), numpy.ones(2))


def test_zeta():
    x = rng.uniform(2, 4, (2, 3))
    q = rng.uniform(0.5, 2, (2, 3))
    check_function(F.zeta, (x, q), lambda x, q: special.zeta(x, q).astype(q.dtype),
                   backward_options={'no_grads': [True, False]}, double_backward=False)
    gradient_check.check_double_backward(
        F.zeta, (x, q), rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (2, 3)),
        no_grads=[True, False], dtype=numpy.float64, atol=1e-4, rtol=1e-3)


def test_zeta_gives_no_gradient_to_the_exponent():
    x = kusari.Variable(numpy.array(3.0))
    q = kusari.Variable(numpy.array(1.5))
    F.zeta(x, q).backward()
    assert x.grad is None and q.grad is not None


def test_missing_scipy_gives_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, 'scipy', None)
    monkeypatch.setitem(sys.modules, 'scipy.special', None)
    with pytest.raises(ImportError, match='erf needs SciPy.*pip install scipy'):
        F.erf(numpy.ones(2))
