import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function

rng = numpy.random.default_rng(31)


def reference(x, gamma, beta, rmax, dmax, eps, running_mean, running_var):
    axes = (0, 2)
    mean, std = x.mean(axis=axes), numpy.sqrt(x.var(axis=axes) + eps)
    running_std = numpy.sqrt(running_var + eps)
    r = numpy.clip(std / running_std, 1 / rmax, rmax)
    d = numpy.clip((mean - running_mean) / running_std, -dmax, dmax)
    x_hat = (x - mean[:, None]) / std[:, None]
    return (gamma[:, None] * (x_hat * r[:, None] + d[:, None]) + beta[:, None]).astype(x.dtype)


# r and d are constants for the gradient: the gradient checks use running statistics
# far from the batch's, where both are clipped (locally constant in x too).
@pytest.mark.parametrize('rmax, dmax', [(1.0, 0.0), (1.3, 0.2)])
def test_batch_renormalization(rmax, dmax):
    running_mean, running_var = numpy.array([5.0, -5.0, 5.0]), numpy.full(3, 100.0)

    def function(x, gamma, beta):
        return F.batch_renormalization(x, gamma, beta, rmax, dmax, 1e-3,
                                       running_mean.astype(x.dtype), running_var.astype(x.dtype))

    check_function(function, (rng.uniform(-1, 1, (6, 3, 4)), rng.uniform(0.5, 1.5, 3),
                              rng.uniform(-1, 1, 3)),
                   lambda x, g, b: reference(x, g, b, rmax, dmax, 1e-3, running_mean,
                                             running_var),
                   forward_options={numpy.float16: {'atol': 3e-2, 'rtol': 3e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


def test_gradient_treats_r_and_d_as_constants():
    x = kusari.Variable(rng.uniform(-1, 1, (6, 3)))
    gamma = numpy.array([1.0, 2.0, 0.5])
    y = F.batch_renormalization(x, gamma, numpy.zeros(3), 10.0, 10.0, 1e-3,
                                numpy.full(3, 0.1), numpy.full(3, 0.5))
    gy = rng.uniform(-1, 1, (6, 3))
    y.grad = gy
    y.backward()
    std = numpy.sqrt(x.array.var(0) + 1e-3)
    r = std / numpy.sqrt(0.5 + 1e-3)
    x_hat = (x.array - x.array.mean(0)) / std
    expected = r * gamma / std * (gy - gy.mean(0) - x_hat * (gy * x_hat).mean(0))
    numpy.testing.assert_allclose(x.grad, expected, rtol=1e-10)


def test_update_statistics():
    x = rng.uniform(-1, 1, (10, 3))
    mean, var = numpy.zeros(3), numpy.ones(3)
    F.batch_renormalization(x, numpy.ones(3), numpy.zeros(3), 2, 1, running_mean=mean,
                            running_var=var, decay=0.5, update_statistics=True)
    numpy.testing.assert_allclose(mean, 0.5 * x.mean(0))
    numpy.testing.assert_allclose(var, 0.5 + 0.5 * x.var(0, ddof=1))
    kept = numpy.zeros(3)
    F.batch_renormalization(x, numpy.ones(3), numpy.zeros(3), 2, 1, running_mean=kept,
                            running_var=numpy.ones(3))
    numpy.testing.assert_array_equal(kept, 0)


def test_running_statistics_are_required():
    with pytest.raises(TypeError, match='running_mean is required'):
        F.batch_renormalization(numpy.ones((2, 3)), numpy.ones(3), numpy.ones(3), 1, 0)


def test_fixed_batch_renormalization_is_deprecated():
    x = rng.uniform(-1, 1, (4, 3))
    with pytest.warns(DeprecationWarning, match='fixed_batch_normalization'):
        y = F.fixed_batch_renormalization(x, numpy.ones(3), numpy.zeros(3), numpy.zeros(3),
                                          numpy.ones(3))
    numpy.testing.assert_allclose(y.array, x / numpy.sqrt(1 + 2e-5))
