import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Bernoulli, bernoulli, kl_divergence


def _params(dtype, shape=(2, 3), seed=0):
    rng = numpy.random.RandomState(seed)
    p = rng.uniform(0.1, 0.9, shape).astype(dtype)
    x = rng.randint(0, 2, (4,) + shape).astype(dtype)
    return p, x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('use_logit', [False, True])
def test_values_match_scipy(dtype, use_logit, assert_values):
    p, x = _params(dtype)
    dist = Bernoulli(logit=numpy.log(p / (1 - p))) if use_logit else Bernoulli(p)
    ref = stats.bernoulli(p.astype(numpy.float64))
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == numpy.float32 else dict(rtol=1e-9)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    assert_values(dist.log_prob(x), ref.logpmf(x), dtype, **tol)
    assert_values(dist.prob(x), ref.pmf(x), dtype, **tol)
    assert_values(dist.p, p, dtype, **tol)
    assert_values(dist.logit, numpy.log(p / (1.0 - p)), dtype, **tol)
    assert_values(dist.mean, ref.mean(), dtype, **tol)
    assert_values(dist.variance, ref.var(), dtype, **tol)
    assert_values(dist.stddev, ref.std(), dtype, **tol)
    assert_values(dist.entropy, ref.entropy(), dtype, **tol)
    assert dist.support == '{0, 1}' and set(dist.params) == {'logit'}


def test_certain_outcomes_have_exact_probabilities():
    dist = Bernoulli(numpy.array([0.0, 0.0, 1.0, 1.0]))
    logp = dist.log_prob(numpy.array([0.0, 1.0, 0.0, 1.0])).array
    numpy.testing.assert_array_equal(logp, [0.0, -numpy.inf, -numpy.inf, 0.0])
    numpy.testing.assert_array_equal(dist.entropy.array, [0.0, 0.0, 0.0, 0.0])


def test_binary_check_rejects_other_points():
    x = numpy.array([0.0, 0.5, 1.0])
    checked = Bernoulli(numpy.full(3, 0.3), binary_check=True)
    numpy.testing.assert_allclose(checked.log_prob(x).array, [numpy.log(0.7), -numpy.inf,
                                                              numpy.log(0.3)])
    numpy.testing.assert_allclose(checked.prob(x).array, [0.7, 0.0, 0.3])
    unchecked = Bernoulli(numpy.full(3, 0.3))
    numpy.testing.assert_allclose(unchecked.log_prob(x).array[1], 0.5 * numpy.log(0.21))


def test_gradients(check_grad):
    p, x = _params(numpy.float64)
    logit = numpy.log(p / (1 - p))
    check_grad(lambda t: Bernoulli(logit=t).log_prob(x), (logit,))
    check_grad(lambda q: Bernoulli(q).log_prob(x) + Bernoulli(q).entropy, (p,))
    p2, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Bernoulli(a), Bernoulli(b)), (p, p2))


def test_kl_matches_the_sum_over_outcomes():
    p, _ = _params(numpy.float64)
    q, _ = _params(numpy.float64, seed=1)
    expected = p * numpy.log(p / q) + (1 - p) * numpy.log((1 - p) / (1 - q))
    numpy.testing.assert_allclose(kl_divergence(Bernoulli(p), Bernoulli(q)).array, expected)


def test_samples(check_moments):
    p, _ = _params(numpy.float32)
    draws = check_moments(Bernoulli(p), p, p * (1.0 - p))
    assert set(numpy.unique(draws)) <= {0.0, 1.0}
    sample = Bernoulli(p).sample(2)
    assert isinstance(sample, kusari.Variable) and sample.dtype.kind == 'i'
    # Integer draws are valid points of log_prob.
    assert Bernoulli(p).log_prob(sample).dtype == numpy.float32


def test_bad_arguments():
    with pytest.raises(ValueError, match='Bernoulli: either `p` or `logit`'):
        Bernoulli()
    with pytest.raises(ValueError, match='not both'):
        Bernoulli(numpy.ones(2) / 2, numpy.zeros(2))


@pytest.mark.parametrize('logit_shape, x_shape', [((2, 3), (2, 3)), ((), ()), ((), (3,))])
def test_bernoulli_log_prob_broadcasts_and_differentiates(logit_shape, x_shape, check_grad,
                                                          check_double_grad):
    rng = numpy.random.RandomState(0)
    logit = rng.normal(size=logit_shape)
    x = rng.randint(0, 2, x_shape).astype(numpy.float64)
    logp = bernoulli._bernoulli_log_prob(logit, x)
    expected = stats.bernoulli.logpmf(x, 1 / (1 + numpy.exp(-logit)))
    assert logp.shape == x_shape
    numpy.testing.assert_allclose(logp.array, expected, rtol=1e-12)
    check_grad(lambda t: bernoulli._bernoulli_log_prob(t, x), (logit,))
    check_double_grad(lambda t: bernoulli._bernoulli_log_prob(t, x), (logit,))


def test_bernoulli_log_prob_with_infinite_logits():
    logit = kusari.Variable(numpy.array([numpy.inf, numpy.inf, -numpy.inf]))
    logp = bernoulli._bernoulli_log_prob(logit, numpy.array([1.0, 0.0, 0.0]))
    numpy.testing.assert_array_equal(logp.array, [0.0, -numpy.inf, 0.0])
    logp.grad = numpy.ones(3)
    logp.backward()
    numpy.testing.assert_array_equal(logit.grad, [0.0, 0.0, 0.0])
