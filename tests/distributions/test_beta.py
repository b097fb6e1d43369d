import numpy
import pytest
from scipy import stats

from kusari.distributions import Beta, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    a = rng.uniform(0.5, 3, shape).astype(dtype)
    b = rng.uniform(0.5, 3, shape).astype(dtype)
    x = rng.uniform(0.02, 0.98, (4,) + shape).astype(dtype)
    return a, b, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    a, b, x = _params(dtype)
    x[0, 0, :] = [-0.5, 1.5, 0.5]  # two points outside the support
    dist = Beta(a, b)
    ref = stats.beta(a.astype(numpy.float64), b.astype(numpy.float64))
    tol = dict(rtol=1e-3, atol=1e-4) if dtype == numpy.float32 else dict(rtol=1e-8)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pdf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == '[0, 1]' and set(dist.params) == {'a', 'b'}


def test_log_prob_at_the_boundary_matches_scipy():
    dist = Beta(numpy.array([1.0, 2.0, 0.5]), numpy.array([3.0, 1.0, 1.0]))
    x = numpy.array([0.0, 1.0, 0.0])
    numpy.testing.assert_allclose(dist.log_prob(x).array,
                                  stats.beta([1.0, 2.0, 0.5], [3.0, 1.0, 1.0]).logpdf(x))


def test_gradients(check_grad):
    a, b, x = _params(numpy.float64)
    check_grad(lambda p, q: Beta(p, q).log_prob(x), (a, b))
    check_grad(lambda p, q: Beta(p, q).entropy, (a, b))
    a2, b2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda *ps: kl_divergence(Beta(*ps[:2]), Beta(*ps[2:])), (a, b, a2, b2))


def test_kl_matches_quadrature(kl_by_quadrature):
    kl = kl_divergence(Beta(numpy.array([2.0]), numpy.array([3.0])),
                       Beta(numpy.array([1.5]), numpy.array([0.8]))).array
    expected = kl_by_quadrature(stats.beta(2.0, 3.0), stats.beta(1.5, 0.8), 0, 1)
    numpy.testing.assert_allclose(kl, [expected], rtol=1e-7)


def test_samples(check_moments):
    a, b, _ = _params(numpy.float32)
    dist = Beta(a, b)
    ref = stats.beta(a.astype(numpy.float64), b.astype(numpy.float64))
    check_moments(dist, ref.mean(), ref.var())
    sample = dist.sample(2)
    assert sample.dtype == numpy.float32 and sample.creator is None  # not reparameterized


def test_bad_arguments():
    with pytest.raises(TypeError, match='Beta: invalid dtypes of a and b'):
        Beta(numpy.ones(2), numpy.ones(2, numpy.float32))
    with pytest.raises(TypeError, match='Beta.sample: invalid sample_shape'):
        Beta(numpy.ones(2), numpy.ones(2)).sample(-1)
    with pytest.raises(TypeError, match='Beta.sample_n: invalid n'):
        Beta(numpy.ones(2), numpy.ones(2)).sample_n(1.5)
