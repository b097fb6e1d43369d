import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function


@pytest.mark.parametrize('typ', [numpy.float16, numpy.float32, numpy.float64])
def test_cast_between_floats(uniform, typ):
    # A wide step, so that rounding to float16 is small against the difference.
    options = {'eps': 0.25, 'atol': 1e-2, 'rtol': 1e-2}
    check_function(lambda x: F.cast(x, typ), uniform(3, 2), lambda x: x.astype(typ),
                   dtypes=(numpy.float32, numpy.float64), backward_options=options,
                   double_backward_options=options)


def test_gradient_comes_back_in_the_input_dtype():
    x = kusari.Variable(numpy.ones(3, numpy.float32))
    y = F.cast(x, numpy.float16)
    assert y.dtype == numpy.float16
    y.grad = numpy.full(3, 2, numpy.float16)
    y.backward()
    assert x.grad.dtype == numpy.float32
    numpy.testing.assert_array_equal(x.grad, [2, 2, 2])


def test_cast_to_integer_and_same_dtype():
    x = numpy.array([1.7, -2.2])
    numpy.testing.assert_array_equal(F.cast(x, 'i').array, [1, -2])
    v = kusari.Variable(x)
    with kusari.no_backprop_mode():
        assert F.cast(v, numpy.float64) is v
    assert F.cast(v, numpy.float64).creator is not None
