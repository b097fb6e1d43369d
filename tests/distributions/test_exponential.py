import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Exponential, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    lam = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.exponential(1, (4,) + shape).astype(dtype)
    return lam, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    lam, x = _params(dtype)
    x[0, 0, 0] = -0.5  # outside the support
    dist = Exponential(lam)
    ref = stats.expon(scale=1 / lam.astype(numpy.float64))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.cdf(x), ref.cdf(x), dtype)
    assert_values(dist.survival_function(x), ref.sf(x), dtype)
    assert_values(dist.log_survival_function(x), ref.logsf(x), dtype)
    u = numpy.linspace(0.05, 0.95, 6, dtype=dtype).reshape(2, 3)
    assert_values(dist.icdf(u), ref.ppf(u), dtype)
    assert_values(dist.mean, ref.mean(), dtype)
    assert_values(dist.variance, ref.var(), dtype)
    assert_values(dist.stddev, ref.std(), dtype)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert dist.support == 'positive' and set(dist.params) == {'lam'}


def test_gradients(check_grad):
    lam, x = _params(numpy.float64)
    check_grad(lambda rate: Exponential(rate).log_prob(x), (lam,))
    check_grad(lambda rate: Exponential(rate).cdf(x), (lam,))
    lam2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Exponential(a), Exponential(b)), (lam, lam2))


def test_kl_matches_quadrature(kl_by_quadrature):
    kl = kl_divergence(Exponential(numpy.array([0.7])), Exponential(numpy.array([1.9]))).array
    expected = kl_by_quadrature(stats.expon(scale=1 / 0.7), stats.expon(scale=1 / 1.9), 0)
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    lam, _ = _params(numpy.float64)
    lam_var = kusari.Variable(lam)
    dist = Exponential(lam_var)
    check_moments(dist, 1 / lam, 1 / lam ** 2)
    sample = dist.sample(4)
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(lam_var.grad, -(sample.array / lam).sum(axis=0))
