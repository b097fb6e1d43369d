import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def test_given_noise_matches_formula_and_gradients():
    rng = numpy.random.RandomState(0)
    mean, ln_var = rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (3, 2))
    eps = rng.normal(size=(3, 2))

    def gaussian(mean, ln_var):
        return F.gaussian(mean, ln_var, eps=eps.astype(mean.dtype))
    check_function(gaussian, (mean, ln_var),
                   lambda m, v: m + numpy.exp(v / 2) * eps.astype(m.dtype))


def test_samples_have_the_requested_moments():
    numpy.random.seed(0)
    mean = numpy.full(20000, 2.0, numpy.float32)
    ln_var = numpy.full(20000, numpy.log(0.25), numpy.float32)
    y, eps = F.gaussian(mean, ln_var, return_eps=True)
    assert y.dtype == numpy.float32 and eps.shape == mean.shape
    assert abs(y.array.mean() - 2.0) < 0.02
    assert abs(y.array.std() - 0.5) < 0.02
    numpy.testing.assert_allclose(y.array, mean + 0.5 * eps, rtol=1e-5)


def test_returned_eps_reproduces_the_sample():
    mean, ln_var = numpy.zeros(5), numpy.zeros(5)
    y, eps = F.gaussian(mean, ln_var, return_eps=True)
    numpy.testing.assert_array_equal(F.gaussian(mean, ln_var, eps=eps).array, y.array)


def test_bad_inputs():
    with pytest.raises(InvalidType, match='gaussian: invalid ln_var'):
        F.gaussian(numpy.zeros(3), numpy.zeros(2))
    with pytest.raises(InvalidType, match='gaussian: invalid eps'):
        F.gaussian(numpy.zeros(3), numpy.zeros(3), eps=numpy.zeros(2))
    with pytest.raises(TypeError, match='unexpected'):
        F.gaussian(numpy.zeros(3), numpy.zeros(3), noise=1)
    with kusari.using_config('train', False):  # sampling does not depend on the mode
        assert F.gaussian(numpy.zeros(2), numpy.zeros(2)).shape == (2,)


@attr.gpu
def test_gpu_sampling():
    import cupy
    mean = cupy.zeros(10000, cupy.float32)
    y, eps = F.gaussian(mean, mean, return_eps=True)
    assert isinstance(eps, cupy.ndarray) and y.dtype == numpy.float32
    assert abs(float(y.array.std()) - 1) < 0.05
