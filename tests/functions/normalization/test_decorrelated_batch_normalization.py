import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(36)


def zca(x, groups, eps):
    """Reference whitening through scipy-free eigendecomposition, group by group."""
    n, c = x.shape[:2]
    size = c // groups
    xt = numpy.moveaxis(x.astype(numpy.float64), 1, 0).reshape(groups, size, -1)
    centered = xt - xt.mean(axis=2, keepdims=True)
    y = numpy.empty_like(centered)
    for g in range(groups):
        cov = centered[g] @ centered[g].T / centered.shape[2] + eps * numpy.eye(size)
        values, vectors = numpy.linalg.eigh(cov)
        y[g] = vectors @ numpy.diag(values ** -0.5) @ vectors.T @ centered[g]
    return numpy.moveaxis(y.reshape((c, n) + x.shape[2:]), 0, 1).astype(x.dtype)


@pytest.mark.parametrize('shape, groups', [((20, 4, 2), 2), ((30, 3), 1), ((8, 6, 2, 2), 3)])
def test_decorrelated_batch_normalization(shape, groups):
    check_function(lambda x: F.decorrelated_batch_normalization(x, groups=groups, eps=1e-3),
                   rng.uniform(-1, 1, shape), lambda x: zca(x, groups, 1e-3),
                   dtypes=(numpy.float32, numpy.float64), double_backward=False,
                   forward_options={numpy.float32: {'atol': 1e-4, 'rtol': 1e-3}})


def test_output_is_white():
    x = rng.normal(size=(500, 4)) @ rng.normal(size=(4, 4))
    y = F.decorrelated_batch_normalization(x, groups=1, eps=1e-12).array
    numpy.testing.assert_allclose(y.T @ y / len(y), numpy.eye(4), atol=1e-8)


def test_running_statistics():
    x = rng.uniform(-1, 1, (50, 4))
    mean, projection = numpy.zeros((2, 2)), numpy.zeros((2, 2, 2))
    F.decorrelated_batch_normalization(x, groups=2, eps=1e-4, running_mean=mean,
                                       running_projection=projection, decay=0.5)
    numpy.testing.assert_allclose(mean, 0.5 * x.mean(0).reshape(2, 2))
    # The fixed variant with the batch's own statistics reproduces the whitening.
    centered = x - x.mean(0)
    cov = centered[:, :2].T @ centered[:, :2] / 50 + 1e-4 * numpy.eye(2)
    values, vectors = numpy.linalg.eigh(cov)
    numpy.testing.assert_allclose(projection[0], 0.5 * 50 / 49 * (
        vectors @ numpy.diag(values ** -0.5) @ vectors.T))


def test_fixed_decorrelated_batch_normalization():
    def reference(x, mean, projection):
        xt = numpy.moveaxis(x, 1, 0).reshape(2, 3, -1)
        y = projection @ (xt - mean[:, :, None])
        return numpy.moveaxis(y.reshape((6,) + (x.shape[0],) + x.shape[2:]), 0, 1)

    check_function(lambda x, m, p: F.fixed_decorrelated_batch_normalization(x, m, p, groups=2),
                   (rng.uniform(-1, 1, (4, 6, 2)), rng.uniform(-1, 1, (2, 3)),
                    rng.uniform(-1, 1, (2, 3, 3))), reference)


def test_fixed_statistics_of_another_dtype():
    # One dtype, as Chainer's type check wants; without type checks (as in Chainer's
    # gradient checks) the arrays are used in their promoted dtype.
    x = rng.uniform(-1, 1, (4, 4))
    mean, projection = numpy.zeros((1, 4), 'f'), numpy.eye(4, dtype='f')[None]
    with pytest.raises(InvalidType, match='invalid mean and projection'):
        F.fixed_decorrelated_batch_normalization(x, mean, projection, groups=1)
    with kusari.using_config('type_check', False):
        y = F.fixed_decorrelated_batch_normalization(x, mean, projection, groups=1)
    assert y.dtype == numpy.float64
    numpy.testing.assert_array_equal(y.array, x)


@pytest.mark.parametrize('kwargs, error, match', [
    ({'groups': 3}, InvalidType, 'invalid groups'),
    ({'group': 2}, TypeError, 'unexpected keyword'),
])
def test_invalid_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        F.decorrelated_batch_normalization(numpy.ones((4, 4)), **kwargs)
