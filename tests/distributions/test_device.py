"""Every distribution on a (stand-in) GPU: values, gradients and draws stay on the device.

The device runs on ``tests.gpu.fake_cupy`` (CuPy's device boundary on NumPy), or on real
CuPy for the test marked ``gpu``.
"""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import distributions as D

_RNG = numpy.random.RandomState(0)


def _u(low, high, *shape):
    return _RNG.uniform(low, high, shape)


def _simplex(*shape):
    w = _u(0.1, 1, *shape)
    return w / w.sum(axis=-1, keepdims=True)


_S = (2, 3)
# name: (make(*params), params, points)
CASES = {
    'Normal': (lambda a, b: D.Normal(a, b), (_u(-1, 1, *_S), _u(.5, 2, *_S)), _u(-1, 1, *_S)),
    'Normal(log_scale)': (lambda a, b: D.Normal(a, log_scale=b),
                          (_u(-1, 1, *_S), _u(-.5, .5, *_S)), _u(-1, 1, *_S)),
    'LogNormal': (lambda a, b: D.LogNormal(a, b), (_u(-1, 1, *_S), _u(.5, 1, *_S)),
                  _u(.5, 2, *_S)),
    'Exponential': (D.Exponential, (_u(.5, 2, *_S),), _u(-.5, 2, *_S)),
    'Laplace': (D.Laplace, (_u(-1, 1, *_S), _u(.5, 2, *_S)), _u(-1, 1, *_S)),
    'Cauchy': (D.Cauchy, (_u(-1, 1, *_S), _u(.5, 2, *_S)), _u(-1, 1, *_S)),
    'Gumbel': (D.Gumbel, (_u(-1, 1, *_S), _u(.5, 2, *_S)), _u(-1, 1, *_S)),
    'Uniform': (lambda a, b: D.Uniform(low=a, high=a + b), (_u(-1, 0, *_S), _u(.5, 2, *_S)),
                _u(-1, 1, *_S)),
    'Beta': (D.Beta, (_u(.5, 2, *_S), _u(.5, 2, *_S)), _u(-.1, 1.1, *_S)),
    'Gamma': (D.Gamma, (_u(.5, 2, *_S), _u(.5, 2, *_S)), _u(-.1, 2, *_S)),
    'Chisquare': (D.Chisquare, (_u(1, 3, *_S),), _u(-.1, 2, *_S)),
    'Pareto': (D.Pareto, (_u(.5, 1, *_S), _u(.5, 3, *_S)), _u(.4, 3, *_S)),
    'Bernoulli': (D.Bernoulli, (_u(.1, .9, *_S),), _RNG.randint(0, 2, _S).astype('f')),
    'Bernoulli(logit)': (lambda a: D.Bernoulli(logit=a, binary_check=True), (_u(-2, 2, *_S),),
                         _RNG.randint(0, 2, _S).astype('f')),
    'Geometric': (D.Geometric, (_u(.2, .9, *_S),), _RNG.randint(1, 5, _S).astype('f')),
    'Poisson': (D.Poisson, (_u(.5, 3, *_S),), _RNG.randint(0, 5, _S).astype('f')),
    'Categorical': (lambda a: D.Categorical(logit=a), (_u(-1, 1, 2, 4),), numpy.array([1, 3])),
    'OneHotCategorical': (D.OneHotCategorical, (_simplex(2, 4),), numpy.eye(4)[[1, 3]]),
    'Dirichlet': (D.Dirichlet, (_u(.5, 2, 2, 4),), _simplex(2, 4)),
    'MultivariateNormal': (lambda a, b: D.MultivariateNormal(a, scale_tril=b),
                           (_u(-1, 1, 2, 3), numpy.tril(_u(-.3, .3, 2, 3, 3)) + numpy.eye(3)),
                           _u(-1, 1, 2, 3)),
    'Independent': (lambda a, b: D.Independent(D.Normal(a, b)),
                    (_u(-1, 1, *_S), _u(.5, 2, *_S)), _u(-1, 1, *_S)),
}


def _values(dist, x):
    """log_prob, KL to itself, and the moments and functions the distribution defines."""
    out = [dist.log_prob(x)]
    for name in ('entropy', 'mean', 'variance', 'covariance', 'mode'):
        if name in ('mean', 'variance') and isinstance(dist, D.Cauchy):
            continue
        try:
            out.append(getattr(dist, name))
        except NotImplementedError:
            pass
    for name in ('cdf', 'survival_function'):
        try:
            out.append(getattr(dist, name)(x))
        except (NotImplementedError, RuntimeError):
            pass
    try:
        out.append(D.kl_divergence(dist, dist))
    except NotImplementedError:
        pass
    return out


def _compare(cupy, to_host, name):
    make, params, x = CASES[name]
    cpu_params = [kusari.Variable(p) for p in params]
    dev_params = [kusari.Variable(cupy.asarray(p)) for p in params]
    cpu_dist, dev_dist = make(*cpu_params), make(*dev_params)
    cpu_out, dev_out = _values(cpu_dist, x), _values(dev_dist, cupy.asarray(x))
    for cpu_value, dev_value in zip(cpu_out, dev_out):
        assert isinstance(dev_value.array, cupy.ndarray)
        numpy.testing.assert_allclose(to_host(dev_value.array), cpu_value.array, rtol=1e-10)
    for dist in (cpu_dist, dev_dist):
        F.sum(dist.log_prob(x if dist is cpu_dist else cupy.asarray(x))).backward()
    for cpu_param, dev_param in zip(cpu_params, dev_params):
        assert isinstance(dev_param.grad, cupy.ndarray)
        numpy.testing.assert_allclose(to_host(dev_param.grad), cpu_param.grad, rtol=1e-10)
    sample = dev_dist.sample(4)
    assert isinstance(sample.array, cupy.ndarray)
    assert sample.shape == (4,) + cpu_dist.batch_shape + cpu_dist.event_shape


@pytest.mark.parametrize('name', sorted(CASES))
def test_on_the_stand_in_device(name):
    fake_cupy = pytest.importorskip('tests.gpu.fake_cupy')
    with fake_cupy.installed() as cupy:
        _compare(cupy, fake_cupy.asnumpy, name)


@pytest.mark.gpu
@pytest.mark.parametrize('name', sorted(CASES))
def test_on_a_gpu(name):
    cupy = pytest.importorskip('cupy')
    _compare(cupy, cupy.asnumpy, name)
