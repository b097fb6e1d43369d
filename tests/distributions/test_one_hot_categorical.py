import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import OneHotCategorical, kl_divergence


def _params(dtype, shape=(2, 3), n_classes=4, seed=0):
    rng = numpy.random.RandomState(seed)
    weights = rng.uniform(0.1, 1, shape + (n_classes,))
    p = (weights / weights.sum(axis=-1, keepdims=True)).astype(dtype)
    index = rng.randint(0, n_classes, (5,) + shape)
    return p, index, numpy.eye(n_classes, dtype=dtype)[index]


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    p, index, x = _params(dtype)
    dist = OneHotCategorical(p)
    p64 = p.astype(numpy.float64)
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == numpy.float32 else dict(rtol=1e-9)
    assert dist.batch_shape == (2, 3) and dist.event_shape == (4,)
    expected = stats.multinomial(1, p64 / p64.sum(axis=-1, keepdims=True)).logpmf(x)
    assert_values(dist.log_prob(x), expected, dtype, **tol)
    assert_values(dist.prob(x), numpy.exp(expected), dtype, **tol)
    assert_values(dist.mean, p64, dtype, **tol)
    assert_values(dist.variance, p64 * (1 - p64), dtype, **tol)
    assert_values(dist.entropy, stats.entropy(p64, axis=-1), dtype, **tol)
    assert set(dist.params) == {'p'}


def test_zero_probability_classes():
    dist = OneHotCategorical(numpy.array([0.0, 0.4, 0.6]))
    numpy.testing.assert_allclose(
        dist.log_prob(numpy.eye(3)).array, [-numpy.inf, numpy.log(0.4), numpy.log(0.6)])


def test_gradients(check_grad):
    p, _, x = _params(numpy.float64)
    check_grad(lambda q: OneHotCategorical(q).log_prob(x), (p,))
    p2, _, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(OneHotCategorical(a), OneHotCategorical(b)), (p, p2))


def test_kl_matches_scipy():
    p, _, _ = _params(numpy.float64)
    q, _, _ = _params(numpy.float64, seed=1)
    numpy.testing.assert_allclose(
        kl_divergence(OneHotCategorical(p), OneHotCategorical(q)).array,
        stats.entropy(p, q, axis=-1))


def test_samples(check_moments):
    p, _, _ = _params(numpy.float32)
    draws = check_moments(OneHotCategorical(p), p, p.astype(numpy.float64) * (1 - p))
    numpy.testing.assert_array_equal(draws.sum(axis=-1), 1)
    sample = OneHotCategorical(p).sample(2)
    assert isinstance(sample, kusari.Variable) and sample.dtype == numpy.float32
