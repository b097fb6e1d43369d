import numpy
import pytest
from scipy import stats

from kusari.distributions import Chisquare


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    k = rng.uniform(1, 6, shape).astype(dtype)
    x = rng.chisquare(3, (4,) + shape).astype(dtype)
    return k, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    k, x = _params(dtype)
    x[0, 0, 0] = -1  # outside the support
    dist = Chisquare(k)
    ref = stats.chi2(k.astype(numpy.float64))
    tol = dict(rtol=1e-3, atol=1e-4) if dtype == numpy.float32 else dict(rtol=1e-8)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == 'positive' and set(dist.params) == {'k'}


def test_gradients(check_grad):
    k, x = _params(numpy.float64)
    check_grad(lambda dof: Chisquare(dof).log_prob(x), (k,))
    check_grad(lambda dof: Chisquare(dof).entropy, (k,))


def test_samples(check_moments):
    k, _ = _params(numpy.float32)
    sample = check_moments(Chisquare(k), k, 2 * k.astype(numpy.float64))
    assert (sample >= 0).all()
    assert Chisquare(k).sample(2).dtype == numpy.float32
