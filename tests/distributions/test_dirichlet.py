import numpy
import pytest
from scipy import stats

from kusari.distributions import Dirichlet, kl_divergence


def _params(dtype, shape=(2, 3), n=4, seed=0):
    rng = numpy.random.RandomState(seed)
    alpha = rng.uniform(0.5, 3, shape + (n,)).astype(dtype)
    x = rng.dirichlet(numpy.ones(n), (5,) + shape).astype(dtype)
    return alpha, x


def _scipy(method, alpha, x=None):
    """SciPy's Dirichlet handles one parameter vector at a time."""
    flat_alpha = alpha.reshape(-1, alpha.shape[-1]).astype(numpy.float64)
    if x is None:
        out = [getattr(stats.dirichlet(a), method)() for a in flat_alpha]
        return numpy.array(out).reshape(alpha.shape[:-1] + numpy.shape(out[0]))
    flat_x = x.reshape(x.shape[0], -1, x.shape[-1]).astype(numpy.float64)
    flat_x /= flat_x.sum(axis=-1, keepdims=True)
    out = [[getattr(stats.dirichlet(a), method)(point) for a, point in zip(flat_alpha, row)]
           for row in flat_x]
    return numpy.array(out).reshape(x.shape[:-1])


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    alpha, x = _params(dtype)
    x = x / x.sum(axis=-1, keepdims=True, dtype=numpy.float64)  # exactly on the simplex
    dist = Dirichlet(alpha)
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == numpy.float32 else dict(rtol=1e-8)
    assert dist.batch_shape == (2, 3) and dist.event_shape == (4,)
    assert_values(dist.log_prob(x.astype(dtype)), _scipy('logpdf', alpha, x), dtype, **tol)
    assert_values(dist.mean, _scipy('mean', alpha), dtype, **tol)
    assert_values(dist.variance, _scipy('var', alpha), dtype, **tol)
    assert_values(dist.entropy, _scipy('entropy', alpha), dtype, **tol)
    assert_values(dist.alpha0, alpha.astype(numpy.float64).sum(axis=-1), dtype, **tol)
    assert dist.support == '[0, 1]' and set(dist.params) == {'alpha'}


def test_gradients(check_grad):
    alpha, x = _params(numpy.float64)
    check_grad(lambda a: Dirichlet(a).log_prob(x), (alpha,))
    check_grad(lambda a: Dirichlet(a).entropy + Dirichlet(a).variance[..., 0], (alpha,))
    alpha2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Dirichlet(a), Dirichlet(b)), (alpha, alpha2))


def test_kl_matches_monte_carlo():
    alpha1, alpha2 = numpy.array([2.0, 1.0, 3.0]), numpy.array([0.7, 1.5, 2.5])
    rng = numpy.random.RandomState(0)
    x = rng.dirichlet(alpha1, 200000)
    estimate = numpy.mean(stats.dirichlet(alpha1).logpdf(x.T) - stats.dirichlet(alpha2).logpdf(x.T))
    kl = kl_divergence(Dirichlet(alpha1), Dirichlet(alpha2)).array
    numpy.testing.assert_allclose(kl, estimate, rtol=0.02)


def test_samples(check_moments):
    alpha, _ = _params(numpy.float32)
    dist = Dirichlet(alpha)
    draws = check_moments(dist, dist.mean.array, dist.variance.array)
    numpy.testing.assert_allclose(draws.sum(axis=-1), 1, rtol=1e-6)
    assert dist.sample(2).dtype == numpy.float32


def test_bad_arguments():
    with pytest.raises(TypeError, match='Dirichlet: invalid alpha: expected an array with an '
                                        'event axis'):
        Dirichlet(numpy.array(1.0))
