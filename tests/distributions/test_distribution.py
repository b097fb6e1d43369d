import numpy
import pytest

import kusari
from kusari import distributions as D
from kusari.distributions import Distribution, cross_entropy, kl_divergence, register_kl


class _Toy(Distribution):
    """A minimal subclass (an unnormalized bump): the rest falls back on the base class."""

    def __init__(self, at):
        self.at = kusari.as_variable(at)

    @property
    def batch_shape(self):
        return self.at.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'at': self.at}

    def log_prob(self, x):
        return -(x - self.at) ** 2

    def sample_n(self, n):
        return kusari.functions.broadcast_to(self.at, (n,) + self.at.shape)


class _SubNormal(D.Normal):
    pass


def test_module_exports_chainers_names():
    assert sorted(D.__all__) == sorted([
        'Bernoulli', 'Beta', 'Categorical', 'Cauchy', 'Chisquare', 'Dirichlet', 'Distribution',
        'Exponential', 'Gamma', 'Geometric', 'Gumbel', 'Independent', 'Laplace', 'LogNormal',
        'MultivariateNormal', 'Normal', 'OneHotCategorical', 'Pareto', 'Poisson', 'Uniform',
        'cross_entropy', 'kl_divergence', 'register_kl'])
    assert kusari.distributions is D


def test_base_class_defaults_and_unimplemented_members():
    dist = _Toy(numpy.array([1.0, 2.0], numpy.float32))
    x = numpy.array([1.0, 3.0], numpy.float32)
    numpy.testing.assert_allclose(dist.prob(x).array, [1.0, numpy.exp(-1.0)])
    numpy.testing.assert_allclose(dist.perplexity(x).array, [1.0, numpy.exp(1.0)])
    assert dist.xp is numpy and dist.device == kusari.get_device('@numpy')
    assert repr(dist) == '_Toy(batch_shape=(2,), event_shape=())'
    for name in ('mean', 'mode', 'variance', 'covariance', 'entropy', 'support'):
        with pytest.raises(NotImplementedError):
            getattr(dist, name)
    for name in ('cdf', 'icdf'):
        with pytest.raises(NotImplementedError):
            getattr(dist, name)(x)


def test_sample_shapes():
    dist = _Toy(numpy.zeros((2, 3), numpy.float32))
    assert dist.sample().shape == (2, 3)
    assert dist.sample(4).shape == (4, 2, 3)
    assert dist.sample((4, 5)).shape == (4, 5, 2, 3)
    assert dist.sample([0]).shape == (0, 2, 3)
    with pytest.raises(TypeError, match='_Toy.sample: invalid sample_shape'):
        dist.sample((2, -1))


def test_fallbacks_of_cdf_related_functions():
    exponential = D.Exponential(numpy.array([2.0]))
    x = numpy.array([0.3])
    # log_cdf falls back on log(cdf).
    numpy.testing.assert_allclose(exponential.log_cdf(x).array, numpy.log1p(-numpy.exp(-0.6)))
    laplace = D.Laplace(numpy.array([0.0]), numpy.array([1.0]))
    numpy.testing.assert_allclose(laplace.log_survival_function(x).array, numpy.log(
        0.5 * numpy.exp(-0.3)))


def test_kl_divergence_dispatch():
    p = D.Normal(numpy.zeros(2), numpy.ones(2))
    q = _SubNormal(numpy.ones(2), numpy.ones(2))
    # No pair is registered for the subclass: the base classes' function applies.
    numpy.testing.assert_allclose(kl_divergence(p, q).array, [0.5, 0.5])
    with pytest.raises(NotImplementedError, match=r'kl_divergence: no KL divergence is '
                                                  r'registered for \(Normal, Cauchy\)'):
        kl_divergence(p, D.Cauchy(numpy.zeros(2), numpy.ones(2)))


def test_register_kl_registers_and_returns_the_function():
    @register_kl(_Toy, _Toy)
    def _kl(dist1, dist2):
        return dist1.at - dist2.at

    assert _kl.__name__ == '_kl'
    p, q = _Toy(numpy.array([3.0])), _Toy(numpy.array([1.0]))
    numpy.testing.assert_array_equal(kl_divergence(p, q).array, [2.0])
    with pytest.raises(NotImplementedError):  # entropy is not defined
        cross_entropy(p, q)
    with pytest.raises(TypeError, match='register_kl: Dist2 must be a subclass of Distribution'):
        register_kl(_Toy, int)


@pytest.mark.parametrize('make', [
    lambda: (D.Normal(numpy.array([0.3]), numpy.array([1.2])),
             D.Normal(numpy.array([-0.5]), numpy.array([0.7]))),
    lambda: (D.Categorical(numpy.array([[0.2, 0.8]])), D.Categorical(numpy.array([[0.6, 0.4]]))),
])
def test_cross_entropy_is_minus_the_expected_log_density(make):
    p, q = make()
    numpy.random.seed(0)
    draws = p.sample(200000)
    estimate = -q.log_prob(draws).array.mean(axis=0)
    numpy.testing.assert_allclose(cross_entropy(p, q).array, estimate, rtol=0.01)
