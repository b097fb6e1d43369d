import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Laplace, kl_divergence, laplace


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.uniform(-1, 1, shape).astype(dtype)
    scale = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.laplace(0, 2, (4,) + shape).astype(dtype)
    return loc, scale, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    loc, scale, x = _params(dtype)
    dist = Laplace(loc, scale)
    ref = stats.laplace(loc.astype(numpy.float64), scale.astype(numpy.float64))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.cdf(x), ref.cdf(x), dtype)
    assert_values(dist.survival_function(x), ref.sf(x), dtype)
    u = numpy.linspace(0.05, 0.95, 6, dtype=dtype).reshape(2, 3)
    assert_values(dist.icdf(u), ref.ppf(u), dtype)
    assert_values(dist.mean, ref.mean(), dtype)
    assert_values(dist.mode, loc, dtype)
    assert_values(dist.variance, ref.var(), dtype)
    assert_values(dist.stddev, ref.std(), dtype)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert dist.support == 'real' and set(dist.params) == {'loc', 'scale'}


def test_gradients(check_grad):
    loc, scale, x = _params(numpy.float64)
    check_grad(lambda m, s: Laplace(m, s).log_prob(x), (loc, scale))
    check_grad(lambda m, s: Laplace(m, s).cdf(x), (loc, scale))
    u = numpy.linspace(0.05, 0.95, 6).reshape(2, 3)
    check_grad(lambda m, s: Laplace(m, s).icdf(u), (loc, scale))
    loc2, scale2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda *ps: kl_divergence(Laplace(*ps[:2]), Laplace(*ps[2:])),
               (loc, scale, loc2, scale2))


def test_kl_matches_quadrature(kl_by_quadrature):
    kl = kl_divergence(Laplace(numpy.array([0.3]), numpy.array([0.8])),
                       Laplace(numpy.array([-0.4]), numpy.array([1.5]))).array
    expected = kl_by_quadrature(stats.laplace(0.3, 0.8), stats.laplace(-0.4, 1.5))
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    loc, scale, _ = _params(numpy.float32)
    loc_var = kusari.Variable(loc)
    dist = Laplace(loc_var, scale)
    check_moments(dist, loc, 2 * scale.astype(numpy.float64) ** 2)
    sample = dist.sample(4)
    assert sample.dtype == numpy.float32
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(loc_var.grad, numpy.full(loc.shape, 4))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_standard_cdf_and_quantile(dtype):
    u = numpy.random.RandomState(0).uniform(0.02, 0.98, (2, 3)).astype(dtype)
    z = laplace._laplace_icdf(u)
    assert z.dtype == dtype
    numpy.testing.assert_allclose(z.array, stats.laplace.ppf(u), rtol=1e-5)
    numpy.testing.assert_allclose(laplace._laplace_cdf(z).array, u, rtol=1e-5)


def test_standard_cdf_and_quantile_gradients(check_grad, check_double_grad):
    rng = numpy.random.RandomState(0)
    z = rng.normal(size=(2, 3))
    u = rng.uniform(0.02, 0.98, (2, 3))
    for function, x in ((laplace._laplace_cdf, z), (laplace._laplace_icdf, u)):
        check_grad(function, (x,))
        check_double_grad(function, (x,))
