"""Statistics of the random initializers over large draws: standard deviations from
Chainer's fan formulas, zero means, uniform bounds."""

import numpy
import pytest

from kusari import initializers

SHAPE = (120, 80, 3, 3)          # fan_in = 720, fan_out = 1080, 86400 draws
FAN_IN, FAN_OUT = 80 * 9, 120 * 9


def _draw(initializer, dtype=numpy.float64, shape=SHAPE):
    numpy.random.seed(0)
    a = numpy.empty(shape, dtype)
    initializer(a)
    return a


NORMAL_CASES = [
    (initializers.Normal(scale=0.3), 0.3),
    (initializers.LeCunNormal(scale=2.0), 2.0 * numpy.sqrt(1.0 / FAN_IN)),
    (initializers.GlorotNormal(scale=1.5), 1.5 * numpy.sqrt(2.0 / (FAN_IN + FAN_OUT))),
    (initializers.HeNormal(), numpy.sqrt(2.0 / FAN_IN)),
    (initializers.HeNormal(scale=0.5, fan_option='fan_out'), 0.5 * numpy.sqrt(2.0 / FAN_OUT)),
]


@pytest.mark.parametrize('initializer, std', NORMAL_CASES)
def test_normal_family_std(initializer, std):
    a = _draw(initializer)
    assert abs(a.mean()) < 4 * std / numpy.sqrt(a.size)
    numpy.testing.assert_allclose(a.std(), std, rtol=0.01)
    # Gaussian tails: about 4.55% beyond two standard deviations
    numpy.testing.assert_allclose((abs(a) > 2 * std).mean(), 0.0455, atol=0.003)


UNIFORM_CASES = [
    (initializers.Uniform(scale=0.2), 0.2),
    (initializers.LeCunUniform(scale=2.0), 2.0 * numpy.sqrt(3.0 / FAN_IN)),
    (initializers.GlorotUniform(scale=1.5), 1.5 * numpy.sqrt(6.0 / (FAN_IN + FAN_OUT))),
    (initializers.HeUniform(), numpy.sqrt(6.0 / FAN_IN)),
    (initializers.HeUniform(fan_option='fan_out'), numpy.sqrt(6.0 / FAN_OUT)),
]


@pytest.mark.parametrize('initializer, bound', UNIFORM_CASES)
def test_uniform_family_bounds_and_std(initializer, bound):
    a = _draw(initializer)
    assert a.min() >= -bound and a.max() <= bound
    assert a.min() < -0.99 * bound and a.max() > 0.99 * bound
    numpy.testing.assert_allclose(a.std(), bound / numpy.sqrt(3.0), rtol=0.01)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_low_precision_dtypes(dtype):
    a = _draw(initializers.HeNormal(dtype=dtype), dtype, shape=(64, 64, 3, 3))
    assert a.dtype == dtype
    numpy.testing.assert_allclose(float(a.astype(numpy.float64).std()),
                                  numpy.sqrt(2.0 / (64 * 9)), rtol=0.02)


@pytest.mark.parametrize('cls', [initializers.Normal, initializers.LeCunNormal,
                                 initializers.GlorotNormal, initializers.HeNormal,
                                 initializers.Uniform, initializers.LeCunUniform,
                                 initializers.GlorotUniform, initializers.HeUniform,
                                 initializers.Orthogonal])
def test_rng_keyword_makes_draws_reproducible(cls):
    a, b = numpy.empty((4, 6)), numpy.empty((4, 6))
    cls(rng=numpy.random.RandomState(7))(a)
    cls(rng=numpy.random.RandomState(7))(b)
    numpy.testing.assert_array_equal(a, b)
    assert len(numpy.unique(a)) == a.size


def test_generator_rng_is_accepted():
    a = numpy.empty(1000)
    initializers.Normal(1.0, rng=numpy.random.default_rng(0))(a)
    assert 0.9 < a.std() < 1.1


def test_unknown_keyword_is_rejected():
    with pytest.raises(TypeError, match='GlorotUniform.*seed'):
        initializers.GlorotUniform(seed=3)


def test_bad_fan_option():
    with pytest.raises(ValueError, match='fan_option'):
        initializers.HeNormal(fan_option='fan_avg')(numpy.empty((3, 3)))
