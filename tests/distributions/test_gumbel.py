import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Gumbel, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.uniform(-1, 1, shape).astype(dtype)
    scale = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.gumbel(0, 1, (4,) + shape).astype(dtype)
    return loc, scale, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    loc, scale, x = _params(dtype)
    dist = Gumbel(loc, scale)
    ref = stats.gumbel_r(loc.astype(numpy.float64), scale.astype(numpy.float64))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.mean, ref.mean(), dtype)
    assert_values(dist.variance, ref.var(), dtype)
    assert_values(dist.stddev, ref.std(), dtype)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert dist.support == 'real' and set(dist.params) == {'loc', 'scale'}


def test_gradients(check_grad):
    loc, scale, x = _params(numpy.float64)
    check_grad(lambda m, s: Gumbel(m, s).log_prob(x), (loc, scale))
    loc2, scale2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda *ps: kl_divergence(Gumbel(*ps[:2]), Gumbel(*ps[2:])),
               (loc, scale, loc2, scale2))


def test_kl_matches_quadrature(kl_by_quadrature):
    kl = kl_divergence(Gumbel(numpy.array([0.3]), numpy.array([0.8])),
                       Gumbel(numpy.array([-0.4]), numpy.array([1.5]))).array
    expected = kl_by_quadrature(stats.gumbel_r(0.3, 0.8), stats.gumbel_r(-0.4, 1.5))
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    loc, scale, _ = _params(numpy.float64)
    scale_var = kusari.Variable(scale)
    dist = Gumbel(loc, scale_var)
    ref = stats.gumbel_r(loc, scale)
    check_moments(dist, ref.mean(), ref.var())
    sample = dist.sample(3)
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(scale_var.grad, ((sample.array - loc) / scale).sum(axis=0))
