"""Checks shared by the distribution tests: SciPy comparisons, gradients, sample moments."""

import numpy
import pytest

from kusari import gradient_check

_TOLERANCES = {numpy.float32: dict(rtol=2e-4, atol=2e-5), numpy.float64: dict(rtol=1e-9,
                                                                             atol=1e-11)}


@pytest.fixture
def assert_values():
    """``assert_values(variable, expected, dtype)``: the Variable's dtype and values."""
    def check(actual, expected, dtype, **tolerances):
        assert actual.dtype == dtype
        expected = numpy.asarray(expected, dtype=numpy.float64)
        assert actual.shape == expected.shape
        numpy.testing.assert_allclose(actual.array, expected,
                                      **(tolerances or _TOLERANCES[dtype]))
    return check


@pytest.fixture
def check_grad():
    """``check_grad(f, params)``: backward of ``f(*param_variables)`` against numerics.

    The output gradient is random, so every output element is checked; float64.
    """
    def check(function, params, atol=1e-6, rtol=1e-5, eps=1e-5):
        params = tuple(numpy.asarray(p, dtype=numpy.float64) for p in params)
        shape = function(*params).shape
        y_grad = numpy.random.RandomState(0).uniform(-1, 1, shape)
        gradient_check.check_backward(function, params, y_grad, eps=eps, atol=atol, rtol=rtol,
                                      dtype=numpy.float64)
    return check


@pytest.fixture
def check_double_grad():
    """``check_double_grad(f, params)``: second-order gradients of ``f`` against numerics."""
    def check(function, params, atol=1e-6, rtol=1e-5, eps=1e-5):
        params = tuple(numpy.asarray(p, dtype=numpy.float64) for p in params)
        rng = numpy.random.RandomState(1)
        y_grad = rng.uniform(-1, 1, function(*params).shape)
        x_grad_grad = tuple(rng.uniform(-1, 1, p.shape) for p in params)
        gradient_check.check_double_backward(function, params, y_grad, x_grad_grad, eps=eps,
                                             atol=atol, rtol=rtol, dtype=numpy.float64)
    return check


@pytest.fixture
def check_moments():
    """``check_moments(dist, mean, variance, n)``: statistics of ``n`` seeded draws.

    The sample mean must lie within 5 standard errors of ``mean`` and the sample
    variance within 10 % of ``variance``.
    """
    def check(dist, mean, variance, n=40000, seed=0, variance_rtol=0.1):
        numpy.random.seed(seed)
        draws = dist.sample(n).array.astype(numpy.float64)
        assert draws.shape == (n,) + dist.batch_shape + dist.event_shape
        mean, variance = numpy.asarray(mean), numpy.asarray(variance)
        numpy.testing.assert_array_less(abs(draws.mean(axis=0) - mean),
                                        5 * numpy.sqrt(variance / n) + 1e-12)
        numpy.testing.assert_allclose(draws.var(axis=0), variance, rtol=variance_rtol)
        return draws
    return check


@pytest.fixture
def kl_by_quadrature():
    """``kl_by_quadrature(p, q, lower, upper)``: ``KL(p || q)`` of frozen SciPy densities."""
    def integrate(p, q, lower=-numpy.inf, upper=numpy.inf):
        from scipy import integrate as quad_module

        def integrand(x):
            with numpy.errstate(all='ignore'):  # SciPy's densities overflow far in the tails
                log_p = p.logpdf(x)
                return 0.0 if log_p == -numpy.inf else numpy.exp(log_p) * (log_p - q.logpdf(x))
        return quad_module.quad(integrand, lower, upper, limit=200)[0]
    return integrate
