import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import LogNormal, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    mu = rng.uniform(-0.5, 0.5, shape).astype(dtype)
    sigma = rng.uniform(0.3, 0.8, shape).astype(dtype)
    x = rng.lognormal(0, 1, (4,) + shape).astype(dtype)
    return mu, sigma, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    mu, sigma, x = _params(dtype)
    dist = LogNormal(mu, sigma)
    ref = stats.lognorm(sigma.astype(numpy.float64), scale=numpy.exp(mu.astype(numpy.float64)))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.mean, ref.mean(), dtype)
    assert_values(dist.variance, ref.var(), dtype)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert dist.support == 'positive' and set(dist.params) == {'mu', 'sigma'}


def test_log_prob_outside_support_is_minus_inf():
    dist = LogNormal(numpy.zeros(3), numpy.ones(3))
    numpy.testing.assert_array_equal(dist.log_prob(numpy.array([-1.0, 0.0, 1.0])).array[:2],
                                     -numpy.inf)


def test_gradients(check_grad):
    mu, sigma, x = _params(numpy.float64)
    check_grad(lambda m, s: LogNormal(m, s).log_prob(x), (mu, sigma))
    check_grad(lambda m, s: LogNormal(m, s).entropy + LogNormal(m, s).variance, (mu, sigma))
    mu2, sigma2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda *ps: kl_divergence(LogNormal(*ps[:2]), LogNormal(*ps[2:])),
               (mu, sigma, mu2, sigma2))


def test_kl_matches_quadrature(kl_by_quadrature):
    mu, sigma, _ = _params(numpy.float64, shape=(2,), seed=3)
    kl = kl_divergence(LogNormal(mu[:1], sigma[:1]), LogNormal(mu[1:], sigma[1:])).array
    expected = kl_by_quadrature(stats.lognorm(sigma[0], scale=numpy.exp(mu[0])),
                                stats.lognorm(sigma[1], scale=numpy.exp(mu[1])), 0)
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    mu, sigma, _ = _params(numpy.float32)
    mu_var = kusari.Variable(mu)
    dist = LogNormal(mu_var, sigma)
    ref = stats.lognorm(sigma.astype(numpy.float64), scale=numpy.exp(mu.astype(numpy.float64)))
    check_moments(dist, ref.mean(), ref.var(), n=100000)
    sample = dist.sample(3)
    assert sample.dtype == numpy.float32 and (sample.array > 0).all()
    kusari.functions.sum(sample).backward()  # d exp(mu + sigma eps) / d mu = the draw itself
    numpy.testing.assert_allclose(mu_var.grad, sample.array.sum(axis=0), rtol=1e-5)


def test_bad_arguments():
    with pytest.raises(TypeError, match='LogNormal: invalid sigma'):
        LogNormal(numpy.zeros(2), numpy.ones(2, numpy.int64))
