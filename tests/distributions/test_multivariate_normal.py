import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import MultivariateNormal, kl_divergence, multivariate_normal


def _params(dtype, batch=(2, 3), d=3, seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.normal(0, 1, batch + (d,)).astype(dtype)
    tril = numpy.tril(rng.normal(0, 0.3, batch + (d, d)))
    tril[..., numpy.arange(d), numpy.arange(d)] = rng.uniform(0.5, 1.5, batch + (d,))
    x = rng.normal(0, 1.5, (4,) + batch + (d,)).astype(dtype)
    return loc, tril.astype(dtype), x


def _scipy(loc, tril):
    """One frozen SciPy normal per batch element, in row-major order."""
    loc = loc.reshape(-1, loc.shape[-1]).astype(numpy.float64)
    tril = tril.reshape((-1,) + tril.shape[-2:]).astype(numpy.float64)
    return [stats.multivariate_normal(m, t @ t.T) for m, t in zip(loc, tril)]


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_values_match_scipy(dtype, assert_values):
    loc, tril, x = _params(dtype)
    dist = MultivariateNormal(loc, scale_tril=tril)
    refs = _scipy(loc, tril)
    flat_x = x.reshape(4, 6, 3)
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == numpy.float32 else dict(rtol=1e-8)
    assert dist.batch_shape == (2, 3) and dist.event_shape == (3,) and dist.d == 3
    expected = numpy.array([[ref.logpdf(p) for ref, p in zip(refs, row)] for row in flat_x])
    assert_values(dist.log_prob(x), expected.reshape(4, 2, 3), dtype, **tol)
    assert_values(dist.prob(x), numpy.exp(expected).reshape(4, 2, 3), dtype, **tol)
    assert_values(dist.entropy, numpy.array([r.entropy() for r in refs]).reshape(2, 3), dtype,
                  **tol)
    assert_values(dist.covariance, numpy.array([r.cov for r in refs]).reshape(2, 3, 3, 3),
                  dtype, **tol)
    assert dist.mean is dist.loc
    assert set(dist.params) == {'loc', 'scale_tril'} and dist.support == 'real'


def test_only_the_lower_triangle_is_used():
    loc, tril, x = _params(numpy.float64)
    noisy = tril + numpy.triu(numpy.ones((3, 3)), 1)
    numpy.testing.assert_allclose(MultivariateNormal(loc, scale_tril=noisy).log_prob(x).array,
                                  MultivariateNormal(loc, scale_tril=tril).log_prob(x).array)


def test_gradients(check_grad):
    loc, tril, x = _params(numpy.float64, batch=(2,))
    check_grad(lambda m, t: MultivariateNormal(m, scale_tril=t).log_prob(x), (loc, tril))
    check_grad(lambda m, t, y: MultivariateNormal(m, scale_tril=t).log_prob(y), (loc, tril, x))
    loc2, tril2, _ = _params(numpy.float64, batch=(2,), seed=1)
    check_grad(lambda a, b, c, d: kl_divergence(MultivariateNormal(a, scale_tril=b),
                                                MultivariateNormal(c, scale_tril=d)),
               (loc, tril, loc2, tril2))


def test_log_prob_double_backward(check_double_grad):
    loc, tril, x = _params(numpy.float64, batch=(2,))
    check_double_grad(lambda m, t: MultivariateNormal(m, scale_tril=t).log_prob(x[0]),
                      (loc, tril))


def test_kl_matches_the_closed_form_of_the_covariances():
    loc1, tril1, _ = _params(numpy.float64, batch=(2,))
    loc2, tril2, _ = _params(numpy.float64, batch=(2,), seed=1)
    kl = kl_divergence(MultivariateNormal(loc1, scale_tril=tril1),
                       MultivariateNormal(loc2, scale_tril=tril2)).array
    for i in range(2):
        cov1, cov2 = tril1[i] @ tril1[i].T, tril2[i] @ tril2[i].T
        inv2 = numpy.linalg.inv(cov2)
        diff = loc2[i] - loc1[i]
        expected = 0.5 * (numpy.trace(inv2 @ cov1) + diff @ inv2 @ diff - 3
                          + numpy.log(numpy.linalg.det(cov2) / numpy.linalg.det(cov1)))
        numpy.testing.assert_allclose(kl[i], expected, rtol=1e-10)


def test_samples(check_moments):
    loc, tril, _ = _params(numpy.float64, batch=(2,))
    loc_var = kusari.Variable(loc)
    dist = MultivariateNormal(loc_var, scale_tril=tril)
    cov = tril @ numpy.swapaxes(tril, -1, -2)
    draws = check_moments(dist, loc, numpy.diagonal(cov, axis1=-2, axis2=-1))
    centered = draws - draws.mean(axis=0)
    sample_cov = numpy.einsum('nbi,nbj->bij', centered, centered) / len(draws)
    numpy.testing.assert_allclose(sample_cov, cov, atol=0.05)
    kusari.functions.sum(dist.sample(3)).backward()
    numpy.testing.assert_allclose(loc_var.grad, numpy.full(loc.shape, 3))


def test_bad_arguments():
    with pytest.raises(ValueError, match='MultivariateNormal: `scale_tril` must have a value'):
        MultivariateNormal(numpy.zeros(2))
    with pytest.raises(TypeError, match=r'invalid scale_tril: expected an array of shape '
                                        r'batch_shape \+ \(2, 2\)'):
        MultivariateNormal(numpy.zeros(2), scale_tril=numpy.eye(3))
    with pytest.raises(TypeError, match='unexpected keyword argument'):
        MultivariateNormal(numpy.zeros(2), cov=numpy.eye(2))


@pytest.mark.parametrize('d', [3, 1, 0])
@pytest.mark.parametrize('lower', [True, False])
def test_triangular_inv(d, lower, check_grad, check_double_grad):
    rng = numpy.random.RandomState(0)
    x = numpy.tril(rng.normal(0, 1, (d, d))) + 3 * numpy.eye(d)
    x = x if lower else x.T
    # The other triangle is not read: garbage there changes nothing.
    garbage = numpy.triu(rng.normal(size=(d, d)), 1)
    garbage = garbage if lower else garbage.T
    inverse = multivariate_normal._triangular_inv(
        (x + garbage).astype(numpy.float32), lower=lower)
    assert inverse.dtype == numpy.float32 and inverse.shape == (d, d)
    numpy.testing.assert_allclose(inverse.array, numpy.linalg.inv(x), rtol=1e-5, atol=1e-6)
    if d:
        check_grad(lambda t: multivariate_normal._triangular_inv(t, lower=lower), (x,))
        check_double_grad(lambda t: multivariate_normal._triangular_inv(t, lower=lower), (x,))


def test_triangular_inv_rejects_non_square():
    with pytest.raises(ValueError, match=r'_triangular_inv: invalid x: expected a square matrix, '
                                         r'but got shape \(2, 3\)'):
        multivariate_normal._triangular_inv(numpy.zeros((2, 3), numpy.float32))
