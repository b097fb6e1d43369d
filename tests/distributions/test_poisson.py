import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Poisson, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    lam = rng.uniform(0.5, 5, shape).astype(dtype)
    x = rng.poisson(2, (4,) + shape).astype(dtype)
    return lam, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    lam, x = _params(dtype)
    dist = Poisson(lam)
    ref = stats.poisson(lam.astype(numpy.float64))
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == numpy.float32 else dict(rtol=1e-9)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpmf(x), dtype, **tol)
    assert_values(dist.log_prob(x.astype(numpy.int32)), ref.logpmf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pmf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert dist.support == 'non negative integer' and set(dist.params) == {'lam'}


def test_gradients(check_grad):
    lam, x = _params(numpy.float64)
    check_grad(lambda rate: Poisson(rate).log_prob(x), (lam,))
    lam2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Poisson(a), Poisson(b)), (lam, lam2))


def test_points_get_no_gradient():
    x = kusari.Variable(numpy.array([1.0, 2.0]))
    Poisson(numpy.array([1.0, 2.0])).log_prob(x)
    assert x.grad is None


def test_kl_matches_the_sum_over_outcomes():
    p, q = numpy.array([1.5, 4.0]), numpy.array([3.0, 0.7])
    k = numpy.arange(0, 100)[:, None]
    expected = (stats.poisson(p).pmf(k)
                * (stats.poisson(p).logpmf(k) - stats.poisson(q).logpmf(k))).sum(axis=0)
    numpy.testing.assert_allclose(kl_divergence(Poisson(p), Poisson(q)).array, expected)


def test_samples(check_moments):
    lam, _ = _params(numpy.float64)
    draws = check_moments(Poisson(lam), lam, lam)
    assert draws.min() >= 0 and (draws == numpy.round(draws)).all()
    assert Poisson(lam.astype(numpy.float32)).sample(2).dtype == numpy.float32
