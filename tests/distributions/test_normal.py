import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Normal, kl_divergence

DTYPES = [numpy.float32, numpy.float64]


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.uniform(-1, 1, shape).astype(dtype)
    scale = rng.uniform(0.5, 2, shape).astype(dtype)
    x = rng.normal(0, 1.5, (4,) + shape).astype(dtype)
    return loc, scale, x


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('use_log_scale', [False, True])
def test_values_match_scipy(dtype, use_log_scale, assert_values):
    loc, scale, x = _params(dtype)
    dist = (Normal(loc, log_scale=numpy.log(scale)) if use_log_scale
            else Normal(loc, scale))
    ref = stats.norm(loc.astype(numpy.float64), scale.astype(numpy.float64))
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpdf(x), dtype)
    assert_values(dist.prob(x), ref.pdf(x), dtype)
    assert_values(dist.cdf(x), ref.cdf(x), dtype)
    assert_values(dist.log_cdf(x), ref.logcdf(x), dtype)
    assert_values(dist.survival_function(x), ref.sf(x), dtype)
    assert_values(dist.log_survival_function(x), ref.logsf(x), dtype)
    u = numpy.linspace(0.05, 0.95, 6, dtype=dtype).reshape(2, 3)
    assert_values(dist.icdf(u), ref.ppf(u), dtype)
    assert_values(dist.mean, ref.mean(), dtype)
    assert_values(dist.variance, ref.var(), dtype)
    assert_values(dist.stddev, ref.std(), dtype)
    assert_values(dist.entropy, ref.entropy(), dtype)
    assert_values(dist.log_scale, numpy.log(scale.astype(numpy.float64)), dtype)


def test_far_tail_log_cdf_is_finite():
    dist = Normal(numpy.zeros(1), numpy.ones(1))
    numpy.testing.assert_allclose(dist.log_cdf(numpy.array([-40.0])).array,
                                  stats.norm.logcdf(-40.0), rtol=1e-12)


def test_params_and_identity():
    loc = kusari.Variable(numpy.zeros(3, numpy.float32))
    dist = Normal(loc, numpy.ones(3, numpy.float32))
    assert dist.loc is loc and dist.mean is loc
    assert set(dist.params) == {'loc', 'scale'}
    assert dist.support == 'real' and dist.xp is numpy


def test_broadcasts_parameters():
    dist = Normal(numpy.zeros((2, 3)), numpy.ones(3))
    assert dist.batch_shape == (2, 3)
    assert dist.sample(5).shape == (5, 2, 3)


def test_log_prob_gradients(check_grad):
    loc, scale, x = _params(numpy.float64)
    check_grad(lambda m, s: Normal(m, s).log_prob(x), (loc, scale))
    check_grad(lambda m, s: Normal(m, log_scale=s).cdf(x), (loc, numpy.log(scale)))
    check_grad(lambda m, s, y: Normal(m, s).log_prob(y), (loc, scale, x))
    check_grad(lambda m, s: Normal(m, s).entropy, (loc, scale))


def test_log_prob_and_kl_double_backward(check_double_grad):
    loc, scale, x = _params(numpy.float64, shape=(3,))
    check_double_grad(lambda m, s: Normal(m, s).log_prob(x), (loc, scale))
    check_double_grad(lambda m, s: kl_divergence(Normal(m, s), Normal(x[0], scale)), (loc, scale))


def test_kl_matches_quadrature_and_is_differentiable(kl_by_quadrature, check_grad):
    loc1, scale1, _ = _params(numpy.float64, shape=(3,), seed=1)
    loc2, scale2, _ = _params(numpy.float64, shape=(3,), seed=2)
    kl = kl_divergence(Normal(loc1, scale1), Normal(loc2, scale2)).array
    expected = [kl_by_quadrature(stats.norm(loc1[i], scale1[i]), stats.norm(loc2[i], scale2[i]))
                for i in range(3)]
    numpy.testing.assert_allclose(kl, expected, rtol=1e-7)
    check_grad(lambda *ps: kl_divergence(Normal(ps[0], ps[1]), Normal(ps[2], ps[3])),
               (loc1, scale1, loc2, scale2))


@pytest.mark.parametrize('dtype', DTYPES)
def test_samples_are_reparameterized_with_right_moments(dtype, check_moments):
    loc, scale, _ = _params(dtype)
    loc_var, scale_var = kusari.Variable(loc), kusari.Variable(scale)
    dist = Normal(loc_var, scale_var)
    draws = check_moments(dist, loc, scale.astype(numpy.float64) ** 2)
    assert draws.dtype == numpy.float64  # check_moments' own copy
    numpy.random.seed(1)
    sample = dist.sample((2, 5))
    assert sample.shape == (2, 5, 2, 3) and sample.dtype == dtype
    kusari.functions.sum(sample).backward()
    numpy.testing.assert_allclose(loc_var.grad, numpy.full(loc.shape, 10))
    numpy.random.seed(1)
    eps = (dist.sample((2, 5)).array - loc) / scale
    numpy.testing.assert_allclose(scale_var.grad, eps.sum(axis=(0, 1)), rtol=1e-4, atol=1e-4)


def test_bad_arguments():
    with pytest.raises(ValueError, match='Normal.*scale'):
        Normal(numpy.zeros(2))
    with pytest.raises(ValueError, match='not both'):
        Normal(numpy.zeros(2), numpy.ones(2), log_scale=numpy.zeros(2))
    with pytest.raises(TypeError, match='unexpected keyword.*scal'):
        Normal(numpy.zeros(2), scal=numpy.ones(2))
    with pytest.raises(TypeError, match='Normal: invalid scale: expected a floating'):
        Normal(numpy.zeros(2), numpy.ones(2, numpy.int32))
    with pytest.raises(TypeError, match='Normal: invalid dtypes of loc and scale'):
        Normal(numpy.zeros(2), numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError, match='Normal: invalid shapes of loc, scale'):
        Normal(numpy.zeros(2), numpy.ones(3))
