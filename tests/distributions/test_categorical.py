import numpy
import pytest
from scipy import stats

import kusari
from kusari.distributions import Categorical, kl_divergence
from kusari.utils.type_check import InvalidType


def _params(dtype, shape=(2, 3), n_classes=4, seed=0):
    rng = numpy.random.RandomState(seed)
    logit = rng.normal(0, 1, shape + (n_classes,)).astype(dtype)
    p = numpy.exp(logit) / numpy.exp(logit).sum(axis=-1, keepdims=True)
    x = rng.randint(0, n_classes, (5,) + shape)
    return logit, p.astype(dtype), x


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('use_logit', [False, True])
def test_values_match_scipy(dtype, use_logit, assert_values):
    logit, p, x = _params(dtype)
    dist = Categorical(logit=logit) if use_logit else Categorical(p)
    p64 = p.astype(numpy.float64)
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == numpy.float32 else dict(rtol=1e-9)
    assert dist.batch_shape == (2, 3) and dist.event_shape == ()
    expected = numpy.log(numpy.take_along_axis(numpy.broadcast_to(p64, x.shape + (4,)),
                                               x[..., None], axis=-1)[..., 0])
    assert_values(dist.log_prob(x), expected, dtype, **tol)
    assert_values(dist.prob(x), numpy.exp(expected), dtype, **tol)
    assert_values(dist.p, p64, dtype, **tol)
    assert_values(dist.entropy, stats.entropy(p64, axis=-1), dtype, **tol)
    assert set(dist.params) == {'p'}


def test_zero_probability_classes():
    dist = Categorical(numpy.array([[0.0, 1.0], [0.5, 0.5]]))
    numpy.testing.assert_allclose(dist.log_prob(numpy.array([[0, 1], [1, 0]])).array,
                                  [[-numpy.inf, numpy.log(0.5)], [0.0, numpy.log(0.5)]])
    numpy.testing.assert_allclose(dist.entropy.array, [0.0, numpy.log(2)])


def test_gradients(check_grad):
    logit, p, x = _params(numpy.float64)
    check_grad(lambda t: Categorical(logit=t).log_prob(x), (logit,))
    check_grad(lambda q: Categorical(q).log_prob(x) + Categorical(q).entropy, (p,))
    logit2, _, _ = _params(numpy.float64, seed=1)
    check_grad(lambda a, b: kl_divergence(Categorical(logit=a), Categorical(logit=b)),
               (logit, logit2))


def test_log_prob_double_backward(check_double_grad):
    logit, _, x = _params(numpy.float64)
    check_double_grad(lambda t: Categorical(logit=t).log_prob(x), (logit,))


def test_kl_matches_scipy():
    _, p, _ = _params(numpy.float64)
    _, q, _ = _params(numpy.float64, seed=1)
    numpy.testing.assert_allclose(kl_divergence(Categorical(p), Categorical(q)).array,
                                  stats.entropy(p, q, axis=-1))


def test_samples_follow_the_probabilities():
    p = numpy.array([[0.1, 0.0, 0.6, 0.3], [0.25, 0.25, 0.25, 0.25]], numpy.float32)
    numpy.random.seed(0)
    sample = Categorical(p).sample(40000)
    assert isinstance(sample, kusari.Variable) and sample.shape == (40000, 2)
    assert sample.dtype.kind == 'i'
    for row in range(2):
        frequencies = numpy.bincount(sample.array[:, row], minlength=4) / 40000
        numpy.testing.assert_allclose(frequencies, p[row], atol=0.01)
    assert (sample.array[:, 0] != 1).all()
    assert Categorical(p).log_prob(sample).shape == (40000, 2)


def test_bad_arguments():
    with pytest.raises(ValueError, match='Categorical: either `p` or `logit`'):
        Categorical()
    with pytest.raises(TypeError, match='unexpected keyword argument'):
        Categorical(logits=numpy.zeros(3))
    dist = Categorical(numpy.full((2, 3), 1 / 3))
    with pytest.raises(InvalidType, match=r'Categorical.log_prob: invalid x: expected class '
                                          r'indices in \[0, 3\)'):
        dist.log_prob(numpy.array([0, 3]))
    with pytest.raises(InvalidType, match='integer class indices'):
        dist.log_prob(numpy.array([0.5, 1.0]))
