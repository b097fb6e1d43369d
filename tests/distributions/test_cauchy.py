import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Cauchy


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.uniform(-1, 1, shape).astype(dtype)
    scale = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.standard_cauchy((4,) + shape).astype(dtype)
    return loc, scale, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    loc, scale, x = _params(dtype)
    dist = Cauchy(loc, scale)
    ref = stats.cauchy(loc.astype(numpy.float64), scale.astype(numpy.float64))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.cdf(x), ref.cdf(x), dtype)
    assert_values(dist.survival_function(x), ref.sf(x), dtype)
    u = numpy.linspace(0.05, 0.95, 6, dtype=dtype).reshape(2, 3)
    assert_values(dist.icdf(u), ref.ppf(u), dtype, rtol=1e-4 if dtype == numpy.float32 else 1e-9)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert dist.support == 'real' and set(dist.params) == {'loc', 'scale'}


def test_mean_and_variance_are_undefined():
    dist = Cauchy(numpy.zeros(2), numpy.ones(2))
    with pytest.warns(RuntimeWarning, match='Mean of the cauchy'):
        assert numpy.isnan(dist.mean.array).all()
    with pytest.warns(RuntimeWarning, match='Variance of the cauchy'):
        assert numpy.isnan(dist.variance.array).all()


def test_gradients(check_grad):
    loc, scale, x = _params(numpy.float64)
    check_grad(lambda m, s: Cauchy(m, s).log_prob(x), (loc, scale))
    check_grad(lambda m, s: Cauchy(m, s).cdf(x) + Cauchy(m, s).entropy, (loc, scale))


def test_samples_follow_the_distribution():
    loc, scale, _ = _params(numpy.float64, shape=(2,))
    loc_var = kusari.Variable(loc)
    numpy.random.seed(0)
    sample = Cauchy(loc_var, scale).sample(20000)
    # No moments: compare quartiles, which are loc -/+ scale.
    quartiles = numpy.percentile(sample.array, [25, 50, 75], axis=0)
    numpy.testing.assert_allclose(quartiles, [loc - scale, loc, loc + scale], atol=0.06)
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(loc_var.grad, [20000, 20000])
