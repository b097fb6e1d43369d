import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(30)
LOOSE16 = {numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}}


def reference(x, gamma, beta, mean, var, eps, axes):
    shape = [1 if i in axes else n for i, n in enumerate(x.shape)]
    y = (x - mean.reshape(shape)) / numpy.sqrt(var.reshape(shape) + eps)
    return (gamma.reshape(shape) * y + beta.reshape(shape)).astype(x.dtype)


# (x shape, axis, statistics axes)
CASES = [((5, 3, 4, 2), None, (0, 2, 3)), ((6, 4), None, (0,)), ((4, 3, 5), (0, 2), (0, 2)),
         ((4, 3, 2), 1, (1,)), ((3, 2, 3, 2), (0, 1), (0, 1))]


@pytest.mark.parametrize('shape, axis, axes', CASES)
def test_batch_normalization(shape, axis, axes):
    param_shape = tuple(n for i, n in enumerate(shape) if i not in axes)

    def function(x, gamma, beta):
        return F.batch_normalization(x, gamma, beta, axis=axis)

    def ref(x, gamma, beta):
        work = x.astype(numpy.float64)
        return reference(work, gamma, beta, work.mean(axis=axes), work.var(axis=axes), 2e-5,
                         axes).astype(x.dtype)

    inputs = (rng.uniform(-1, 1, shape), rng.uniform(0.5, 1.5, param_shape),
              rng.uniform(-1, 1, param_shape))
    check_function(function, inputs, ref, forward_options=LOOSE16,
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


def test_running_statistics_are_updated_in_place():
    x = rng.uniform(-1, 1, (10, 3, 2))
    mean, var = numpy.full(3, 0.5), numpy.full(3, 2.0)
    running_mean, running_var = mean.copy(), var.copy()
    F.batch_normalization(x, numpy.ones(3), numpy.zeros(3), running_mean=running_mean,
                          running_var=running_var, decay=0.8)
    numpy.testing.assert_allclose(running_mean, 0.8 * mean + 0.2 * x.mean(axis=(0, 2)))
    numpy.testing.assert_allclose(running_var, 0.8 * var + 0.2 * x.var(axis=(0, 2), ddof=1))


def test_float16_input_with_float32_parameters():
    x = rng.uniform(-1, 1, (8, 3)).astype(numpy.float16)
    gamma = kusari.Variable(numpy.ones(3, numpy.float32))
    y = F.batch_normalization(x, gamma, numpy.zeros(3, numpy.float32))
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(y.array, reference(x.astype(float), numpy.ones(3),
                                                     numpy.zeros(3),
                                                     x.astype(float).mean(0),
                                                     x.astype(float).var(0), 2e-5, (0,)),
                                  atol=1e-2)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert gamma.grad.dtype == numpy.float32


def test_single_sample_batch_warns():
    with pytest.warns(UserWarning, match='always zero'):
        F.batch_normalization(numpy.ones((1, 3)), numpy.ones(3), numpy.zeros(3))


def test_keyword_arguments():
    x, g = numpy.ones((2, 3)), numpy.ones(3)
    with pytest.raises(ValueError, match='train argument is not supported'):
        F.batch_normalization(x, g, g, train=True)
    with pytest.raises(TypeError, match='unexpected keyword'):
        F.batch_normalization(x, g, g, epsilon=1e-3)


@pytest.mark.parametrize('gamma, axis, match', [
    (numpy.ones(4), None, 'invalid gamma'),
    (numpy.ones(3, numpy.int32), None, 'invalid gamma'),
    (numpy.ones(3), (2, 0), 'invalid axis'),
])
def test_invalid_arguments(gamma, axis, match):
    with pytest.raises(InvalidType, match='batch_normalization: ' + match):
        F.batch_normalization(numpy.ones((2, 3, 2)), gamma, numpy.ones(gamma.shape), axis=axis)


@pytest.mark.parametrize('shape, axis, axes', CASES)
def test_fixed_batch_normalization(shape, axis, axes):
    param_shape = tuple(n for i, n in enumerate(shape) if i not in axes)

    def inputs(dtype):
        return (rng.uniform(-1, 1, shape), rng.uniform(0.5, 1.5, param_shape),
                rng.uniform(-1, 1, param_shape), rng.uniform(-1, 1, param_shape),
                rng.uniform(0.5, 1.5, param_shape))

    check_function(lambda x, g, b, m, v: F.fixed_batch_normalization(x, g, b, m, v, 1e-3, axis),
                   inputs, lambda x, g, b, m, v: reference(x, g, b, m, v, 1e-3, axes),
                   forward_options=LOOSE16)


def test_fixed_batch_normalization_needs_parameter_shapes():
    with pytest.raises(InvalidType, match='fixed_batch_normalization: invalid var'):
        F.fixed_batch_normalization(numpy.ones((2, 3)), numpy.ones(3), numpy.ones(3),
                                    numpy.ones(3), numpy.ones(2))


def test_parameter_checks_follow_config_type_check():
    # float64 statistics with float32 parameters: refused by the type check, computed
    # without it (as Chainer's check_type_forward, which gradient checks turn off)
    x = rng.standard_normal((4, 3)).astype(numpy.float32)
    gamma, beta = numpy.ones(3, numpy.float32), numpy.zeros(3, numpy.float32)
    mean, var = numpy.zeros(3), numpy.ones(3)
    with pytest.raises(InvalidType, match='fixed_batch_normalization: invalid mean'):
        F.fixed_batch_normalization(x, gamma, beta, mean, var)
    with kusari.using_config('type_check', False):
        y = F.fixed_batch_normalization(x, gamma, beta, mean, var)
    numpy.testing.assert_allclose(y.array, x / numpy.sqrt(1 + 2e-5), rtol=1e-6)
    assert y.dtype == numpy.float32
