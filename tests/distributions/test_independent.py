import numpy
import pytest
from scipy import stats

from kusari.distributions import (Independent, MultivariateNormal, Normal, cross_entropy,
                                  kl_divergence)


def _normal(seed=0, shape=(2, 3, 4)):
    rng = numpy.random.RandomState(seed)
    return rng.normal(0, 1, shape), rng.uniform(0.5, 2, shape)


def test_shapes_and_default_reinterpretation():
    loc, scale = _normal()
    default = Independent(Normal(loc, scale))
    assert default.reinterpreted_batch_ndims == 2
    assert default.batch_shape == (2,) and default.event_shape == (3, 4)
    one = Independent(Normal(loc, scale), 1)
    assert one.batch_shape == (2, 3) and one.event_shape == (4,)
    assert one.sample((5,)).shape == (5, 2, 3, 4)
    zero = Independent(Normal(loc, scale), 0)
    assert zero.batch_shape == (2, 3, 4) and zero.event_shape == ()


def test_values_reduce_over_the_reinterpreted_axes():
    loc, scale = _normal()
    base = Normal(loc, scale)
    dist = Independent(base, 2)
    x = numpy.random.RandomState(1).normal(0, 1, (5, 2, 3, 4))
    ref = stats.norm(loc, scale)
    numpy.testing.assert_allclose(dist.log_prob(x).array, ref.logpdf(x).sum(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.prob(x).array, ref.pdf(x).prod(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.cdf(x).array, ref.cdf(x).prod(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.log_cdf(x).array, ref.logcdf(x).sum(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.survival_function(x).array, ref.sf(x).prod(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.log_survival_function(x).array,
                                  ref.logsf(x).sum(axis=(-2, -1)))
    numpy.testing.assert_allclose(dist.perplexity(x).array,
                                  numpy.exp(-ref.logpdf(x).sum(axis=(-2, -1))))
    numpy.testing.assert_allclose(dist.entropy.array, ref.entropy().sum(axis=(-2, -1)))
    assert dist.mean is base.mean and dist.stddev is base.stddev
    assert dist.params == base.params and dist.support == 'real' and dist.xp is numpy
    with pytest.raises(RuntimeError, match='not invertible'):
        dist.icdf(x)


def test_covariance_is_block_diagonal():
    loc, scale = _normal(shape=(2, 3))
    numpy.testing.assert_allclose(Independent(Normal(loc, scale)).covariance.array,
                                  [numpy.diag(s ** 2) for s in scale])
    rng = numpy.random.RandomState(0)
    tril = numpy.tril(rng.normal(0, 1, (2, 3, 2, 2))) + 2 * numpy.eye(2)
    mvn = MultivariateNormal(rng.normal(0, 1, (2, 3, 2)), scale_tril=tril)
    cov = Independent(mvn).covariance.array
    assert cov.shape == (2, 6, 6)
    for b in range(2):
        expected = numpy.zeros((6, 6))
        for i in range(3):
            expected[2 * i:2 * i + 2, 2 * i:2 * i + 2] = tril[b, i] @ tril[b, i].T
        numpy.testing.assert_allclose(cov[b], expected)


def test_kl_and_cross_entropy(check_grad):
    loc1, scale1 = _normal(0)
    loc2, scale2 = _normal(1)
    p, q = Independent(Normal(loc1, scale1)), Independent(Normal(loc2, scale2))
    base_kl = kl_divergence(Normal(loc1, scale1), Normal(loc2, scale2)).array
    numpy.testing.assert_allclose(kl_divergence(p, q).array, base_kl.sum(axis=(-2, -1)))
    numpy.testing.assert_allclose(cross_entropy(p, q).array,
                                  p.entropy.array + base_kl.sum(axis=(-2, -1)))
    check_grad(lambda a, b: kl_divergence(Independent(Normal(a, scale1)),
                                          Independent(Normal(b, scale2))), (loc1, loc2))
    with pytest.raises(ValueError, match='event shapes'):
        kl_divergence(p, Independent(Normal(loc2, scale2), 1))


def test_log_prob_gradient(check_grad):
    loc, scale = _normal()
    x = numpy.random.RandomState(2).normal(0, 1, (2, 3, 4))
    check_grad(lambda m, s: Independent(Normal(m, s)).log_prob(x), (loc, scale))


def test_bad_arguments():
    loc, scale = _normal()
    with pytest.raises(ValueError, match=r'reinterpreted_batch_ndims must be an int in \[0, 3\]'):
        Independent(Normal(loc, scale), 4)
    with pytest.raises(TypeError, match='Independent: distribution must be a Distribution'):
        Independent(loc)


def test_variational_autoencoder_objective_flows_gradients():
    """The pattern of Chainer's VAE example: Independent normals and Bernoullis."""
    import kusari
    import kusari.functions as F
    from kusari.distributions import Bernoulli
    rng = numpy.random.RandomState(0)
    x = (rng.uniform(size=(5, 8)) > 0.5).astype(numpy.float32)
    mu = kusari.Variable(rng.normal(0, 1, (5, 2)).astype(numpy.float32))
    ln_sigma = kusari.Variable(rng.normal(0, 0.1, (5, 2)).astype(numpy.float32))
    weight = kusari.Variable(rng.normal(0, 1, (2, 8)).astype(numpy.float32))
    q_z = Independent(Normal(loc=mu, log_scale=ln_sigma))
    p_z = Independent(Normal(numpy.zeros(2, numpy.float32), scale=numpy.ones(2, numpy.float32)),
                      reinterpreted_batch_ndims=1)
    z = q_z.sample(3)
    assert z.shape == (3, 5, 2) and q_z.batch_shape == (5,) and q_z.event_shape == (2,)
    p_x = Independent(Bernoulli(logit=F.matmul(F.reshape(z, (15, 2)), weight)),
                      reinterpreted_batch_ndims=1)
    reconstruction = F.mean(p_x.log_prob(F.reshape(F.broadcast_to(x, (3, 5, 8)), (15, 8))))
    kl = kl_divergence(q_z, p_z)
    assert kl.shape == (5,)
    expected_kl = 0.5 * (mu.array ** 2 + numpy.exp(2 * ln_sigma.array) - 1
                         - 2 * ln_sigma.array).sum(axis=1)
    numpy.testing.assert_allclose(kl.array, expected_kl, rtol=1e-5)
    loss = F.mean(kl) - reconstruction
    loss.backward()
    for param in (mu, ln_sigma, weight):
        assert param.grad is not None and numpy.isfinite(param.grad).all()
        assert numpy.abs(param.grad).sum() > 0
