import numpy
import pytest
from scipy import stats

from kusari.distributions import Geometric, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    p = rng.uniform(0.2, 0.9, shape).astype(dtype)
    x = rng.randint(1, 6, (4,) + shape).astype(dtype)
    return p, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    p, x = _params(dtype)
    dist = Geometric(p)
    ref = stats.geom(p.astype(numpy.float64))
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == numpy.float32 else dict(rtol=1e-9)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpmf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pmf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == 'positive integer' and set(dist.params) == {'p'}


def test_certain_success():
    dist = Geometric(numpy.array([1.0, 1.0]))
    numpy.testing.assert_array_equal(dist.log_prob(numpy.array([1.0, 2.0])).array,
                                     [0.0, -numpy.inf])


def test_gradients(check_grad):
    p, x = _params(numpy.float64)
    check_grad(lambda q: Geometric(q).log_prob(x) + Geometric(q).entropy, (p,))
    p2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Geometric(a), Geometric(b)), (p, p2))


def test_kl_matches_the_sum_over_outcomes():
    p, q = numpy.array([0.3, 0.8]), numpy.array([0.6, 0.25])
    k = numpy.arange(1, 400)[:, None]
    p_k = stats.geom(p).pmf(k)
    expected = (p_k * (stats.geom(p).logpmf(k) - stats.geom(q).logpmf(k))).sum(axis=0)
    numpy.testing.assert_allclose(kl_divergence(Geometric(p), Geometric(q)).array, expected)


def test_samples(check_moments):
    p, _ = _params(numpy.float32)
    draws = check_moments(Geometric(p), 1 / p.astype(numpy.float64),
                          (1 - p.astype(numpy.float64)) / p.astype(numpy.float64) ** 2)
    assert draws.min() >= 1 and (draws == numpy.round(draws)).all()
    assert Geometric(p).sample(2).dtype == numpy.float32
