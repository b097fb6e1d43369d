import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import gradient_check
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(42)


def away_from_zero(*shape):
    return rng.uniform(0.1, 1, shape) * rng.choice([-1, 1], shape)


@pytest.mark.parametrize('shape', [(3, 4), (0, 2)])
def test_rrelu_with_given_r(shape):
    def function(x, r):
        return F.rrelu(x, r=kusari.as_array(r))

    def inputs(dtype):
        return away_from_zero(*shape).astype(dtype), rng.uniform(0.1, 0.3, shape).astype(dtype)
    check_function(function, inputs, lambda x, r: numpy.where(x >= 0, x, x * r),
                   backward_options={'no_grads': [False, True]}, double_backward=False)


def test_rrelu_double_backward():
    x, r = away_from_zero(3, 4), rng.uniform(0.1, 0.3, (3, 4))
    gradient_check.check_double_backward(lambda x: F.rrelu(x, r=r), x, rng.uniform(-1, 1, (3, 4)),
                                         rng.uniform(-1, 1, (3, 4)), dtype=numpy.float64)


def test_training_draws_slopes_in_range():
    x = -numpy.ones((100, 10), numpy.float32)
    y, r = F.rrelu(x, l=0.1, u=0.2, return_r=True)
    assert r.shape == x.shape and r.dtype == numpy.float32
    assert 0.1 <= r.min() and r.max() < 0.2 and r.std() > 0.01
    numpy.testing.assert_array_equal(y.array, x * r)


def test_test_mode_uses_the_mean_slope():
    with kusari.using_config('train', False):
        y, r = F.rrelu(numpy.array([-2.0, 3.0]), l=0.1, u=0.3, return_r=True)
    numpy.testing.assert_allclose(r, [0.2, 0.2])
    numpy.testing.assert_allclose(y.array, [-0.4, 3.0])
    # also when r is given, as in Chainer
    with kusari.using_config('train', False):
        y = F.rrelu(numpy.array([-2.0, 3.0]), l=0.1, u=0.3, r=numpy.array([0.5, 0.5]))
    numpy.testing.assert_allclose(y.array, [-0.4, 3.0])


def test_bad_arguments():
    with pytest.raises(ValueError, match='rrelu: expected 0 <= l < u < 1'):
        F.rrelu(numpy.ones(2), l=0.5, u=0.2)
    with pytest.raises(ValueError, match='train argument is not supported'):
        F.rrelu(numpy.ones(2), train=True)
    with pytest.raises(TypeError, match=r"rrelu\(\) got unexpected keyword argument\(s\) 'foo'"):
        F.rrelu(numpy.ones(2), foo=1)
    with pytest.raises(InvalidType, match='rrelu: invalid r'):
        F.rrelu(numpy.ones(2), r=numpy.ones(3))
