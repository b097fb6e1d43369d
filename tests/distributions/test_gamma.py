import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Gamma, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    k = rng.uniform(0.5, 3, shape).astype(dtype)
    theta = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.gamma(2, 1, (4,) + shape).astype(dtype)
    return k, theta, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    k, theta, x = _params(dtype)
    x[0, 0, 0] = -1  # outside the support
    dist = Gamma(k, theta)
    ref = stats.gamma(k.astype(numpy.float64), scale=theta.astype(numpy.float64))
    tol = dict(rtol=1e-3, atol=1e-4) if dtype == numpy.float32 else dict(rtol=1e-8)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pdf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == 'positive' and set(dist.params) == {'k', 'theta'}


def test_log_prob_at_zero_matches_scipy():
    k = numpy.array([0.5, 1.0, 2.0])
    with numpy.errstate(divide='ignore'):
        expected = stats.gamma(k).logpdf(0.0)
    numpy.testing.assert_allclose(Gamma(k, numpy.ones(3)).log_prob(numpy.zeros(3)).array,
                                  expected)


def test_gradients(check_grad):
    k, theta, x = _params(numpy.float64)
    check_grad(lambda a, b: Gamma(a, b).log_prob(x), (k, theta))
    check_grad(lambda a, b: Gamma(a, b).entropy, (k, theta))
    k2, theta2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda *ps: kl_divergence(Gamma(*ps[:2]), Gamma(*ps[2:])), (k, theta, k2, theta2))


def test_log_prob_double_backward(check_double_grad):
    k, theta, x = _params(numpy.float64)
    check_double_grad(lambda a, b: Gamma(a, b).log_prob(x[0]), (k, theta))


def test_kl_matches_quadrature(kl_by_quadrature):
    kl = kl_divergence(Gamma(numpy.array([2.0]), numpy.array([1.5])),
                       Gamma(numpy.array([1.2]), numpy.array([0.7]))).array
    expected = kl_by_quadrature(stats.gamma(2.0, scale=1.5), stats.gamma(1.2, scale=0.7), 0)
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    k, theta, _ = _params(numpy.float64)
    theta_var = kusari.Variable(theta)
    dist = Gamma(k, theta_var)
    check_moments(dist, k * theta, k * theta ** 2)
    sample = dist.sample(3)
    kusari.functions.sum(sample).backward()  # differentiable in theta only, as in Chainer
    numpy.testing.assert_allclose(theta_var.grad, (sample.array / theta).sum(axis=0))
