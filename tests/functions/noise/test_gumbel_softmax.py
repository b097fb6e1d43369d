import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import gradient_check
from kusari.testing import attr
from kusari.utils.type_check import InvalidType


def test_rows_are_distributions_following_the_probabilities():
    numpy.random.seed(0)
    pi = numpy.array([0.7, 0.2, 0.1])
    log_pi = numpy.tile(numpy.log(pi), (5000, 1)).astype(numpy.float32)
    y = F.gumbel_softmax(log_pi, tau=0.1).array
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(y.sum(axis=1), 1, rtol=1e-5)
    # The Gumbel-max trick: the argmax is distributed as pi.
    frequencies = numpy.bincount(y.argmax(axis=1), minlength=3) / len(y)
    numpy.testing.assert_allclose(frequencies, pi, atol=0.03)


def test_axis_and_gradient():
    numpy.random.seed(1)
    log_pi = numpy.random.uniform(-1, 1, (2, 3, 4))
    y = F.gumbel_softmax(log_pi, tau=1.0, axis=2)
    numpy.testing.assert_allclose(y.array.sum(axis=2), 1)

    def sample(x):  # the same noise on every call
        numpy.random.seed(2)
        return F.gumbel_softmax(x, tau=0.5, axis=1)
    gradient_check.check_backward(sample, log_pi, numpy.random.uniform(-1, 1, log_pi.shape),
                                  dtype=numpy.float64)


def test_zero_dim_input_gives_one():
    y = F.gumbel_softmax(kusari.Variable(numpy.array(0.3)))
    assert y.shape == () and y.array == 1


def test_bad_input():
    with pytest.raises(InvalidType, match='gumbel_softmax: invalid log_pi'):
        F.gumbel_softmax(numpy.zeros((2, 3), numpy.int32))


@attr.gpu
def test_gpu_rows_are_distributions():
    import cupy
    y = F.gumbel_softmax(cupy.zeros((50, 4), cupy.float32), tau=0.5)
    numpy.testing.assert_allclose(cupy.asnumpy(y.array.sum(axis=1)), 1, rtol=1e-5)
