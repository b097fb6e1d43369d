import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Uniform, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    low = rng.uniform(-1, 0, shape).astype(dtype)
    high = (low + rng.uniform(0.5, 2, shape)).astype(dtype)
    x = rng.uniform(-1.5, 2.5, (4,) + shape).astype(dtype)
    return low, high, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('by_loc_scale', [False, True])
def test_values_match_scipy(dtype, by_loc_scale, assert_values):
    low, high, x = _params(dtype)
    dist = (Uniform(loc=low, scale=high - low) if by_loc_scale else Uniform(low=low, high=high))
    low64, high64 = low.astype(numpy.float64), high.astype(numpy.float64)
    ref = stats.uniform(low64, high64 - low64)
    tol = dict(rtol=1e-4, atol=1e-5) if dtype == numpy.float32 else {}
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pdf(x), dtype, **tol)
    assert_values(dist.cdf(x), ref.cdf(x), dtype, **tol)
    u = numpy.linspace(0.05, 0.95, 6, dtype=dtype).reshape(2, 3)
    assert_values(dist.icdf(u), ref.ppf(u), dtype, **tol)
    assert_values(dist.low, low64, dtype, **tol)
    assert_values(dist.high, high64, dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.stddev, ref.std(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert set(dist.params) == ({'loc', 'scale'} if by_loc_scale else {'low', 'high'})


def test_gradients(check_grad):
    low, high, x = _params(numpy.float64)
    inside = low + numpy.linspace(0.1, 0.9, 6).reshape(2, 3) * (high - low)
    check_grad(lambda a, b: Uniform(low=a, high=b).log_prob(inside), (low, high))
    check_grad(lambda a, b: Uniform(loc=a, scale=b).cdf(x), (low, high - low))
    check_grad(lambda a, b, c, d: kl_divergence(Uniform(low=a, high=b), Uniform(low=c, high=d)),
               (low, high, low - 0.5, high + 0.5))


def test_kl_is_log_width_ratio_or_inf():
    inner = Uniform(low=numpy.array([0.0, 0.0]), high=numpy.array([1.0, 1.0]))
    outer = Uniform(low=numpy.array([-1.0, 0.5]), high=numpy.array([3.0, 3.0]))
    numpy.testing.assert_allclose(kl_divergence(inner, outer).array, [numpy.log(4), numpy.inf])


def test_samples(check_moments):
    low, high, _ = _params(numpy.float32)
    low_var = kusari.Variable(low)
    dist = Uniform(low=low_var, high=high)
    check_moments(dist, (low + high) / 2, (high.astype(numpy.float64) - low) ** 2 / 12)
    sample = dist.sample((2, 2))
    assert ((sample.array >= low) & (sample.array <= high)).all()
    kusari.functions.sum(sample).backward()
    u = (sample.array - low) / (high - low)
    numpy.testing.assert_allclose(low_var.grad, (1 - u).sum(axis=(0, 1)), rtol=1e-4)


def test_bad_arguments():
    with pytest.raises(ValueError, match='Uniform: either `low, high` or `loc, scale`'):
        Uniform(low=numpy.zeros(2))
    with pytest.raises(ValueError, match='not both'):
        Uniform(low=numpy.zeros(2), high=numpy.ones(2), loc=numpy.zeros(2),
                scale=numpy.ones(2))
    with pytest.raises(TypeError, match='Uniform: got unexpected keyword argument'):
        Uniform(lo=numpy.zeros(2), high=numpy.ones(2))
