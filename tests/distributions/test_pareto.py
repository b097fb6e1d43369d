import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Pareto, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    scale = rng.uniform(0.5, 2, shape).astype(dtype)
    alpha = rng.uniform(2.5, 5, shape).astype(dtype)
    x = (scale * (1 + rng.pareto(3, (4,) + shape))).astype(dtype)
    return scale, alpha, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    scale, alpha, x = _params(dtype)
    x[0, 0, 0] = scale[0, 0] / 2  # outside the support
    dist = Pareto(scale, alpha)
    ref = stats.pareto(alpha.astype(numpy.float64), scale=scale.astype(numpy.float64))
    tol = dict(rtol=1e-4, atol=1e-5) if dtype == numpy.float32 else {}
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pdf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == '[scale, inf]' and set(dist.params) == {'scale', 'alpha'}


def test_infinite_moments_for_heavy_tails():
    dist = Pareto(numpy.ones(3), numpy.array([0.5, 1.5, 3.0]))
    numpy.testing.assert_allclose(dist.mean.array, [numpy.inf, 3.0, 1.5])
    numpy.testing.assert_allclose(dist.variance.array, [numpy.inf, numpy.inf, 0.75])


def test_gradients(check_grad):
    scale, alpha, x = _params(numpy.float64)
    check_grad(lambda s, a: Pareto(s, a).log_prob(x), (scale, alpha))
    check_grad(lambda s, a: Pareto(s, a).mean + Pareto(s, a).variance, (scale, alpha))
    check_grad(lambda *ps: kl_divergence(Pareto(*ps[:2]), Pareto(*ps[2:])),
               (scale, alpha, scale / 2, alpha + 1))


def test_kl_matches_quadrature_or_is_inf(kl_by_quadrature):
    p = Pareto(numpy.array([1.5, 1.0]), numpy.array([3.0, 3.0]))
    q = Pareto(numpy.array([1.0, 1.5]), numpy.array([2.0, 2.0]))
    expected = kl_by_quadrature(stats.pareto(3.0, scale=1.5), stats.pareto(2.0, scale=1.0), 1.5)
    numpy.testing.assert_allclose(kl_divergence(p, q).array, [expected, numpy.inf], rtol=1e-7)


def test_samples(check_moments):
    scale, alpha, _ = _params(numpy.float64)
    alpha = alpha + 3  # finite fourth moment keeps the variance estimate tight
    scale_var = kusari.Variable(scale)
    dist = Pareto(scale_var, alpha)
    ref = stats.pareto(alpha, scale=scale)
    check_moments(dist, ref.mean(), ref.var(), n=100000)
    sample = dist.sample(3)
    assert (sample.array >= scale).all()
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(scale_var.grad, (sample.array / scale).sum(axis=0))
