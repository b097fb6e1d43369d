import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(16)


def expanded(x, y, axis):
    axis %= x.ndim
    return y.reshape((1,) * axis + y.shape + (1,) * (x.ndim - axis - y.ndim))


@pytest.mark.parametrize('func, op', [(F.bias, numpy.add), (F.scale, numpy.multiply)],
                         ids=['bias', 'scale'])
@pytest.mark.parametrize('x_shape, y_shape, axis', [((2, 3, 4), (3,), 1), ((2, 3, 4), (3, 4), 1),
                                                    ((2, 3, 4), (2,), 0), ((2, 3, 4), (4,), -1)])
def test_bias_scale(func, op, x_shape, y_shape, axis):
    check_function(lambda x, y: func(x, y, axis), (rng.uniform(-1, 1, x_shape),
                                                   rng.uniform(-1, 1, y_shape)),
                   lambda x, y: op(x, expanded(x, y, axis)))


@pytest.mark.parametrize('func', [F.bias, F.scale])
def test_mismatched_shape(func):
    with pytest.raises(InvalidType, match='{}: invalid shape of y'.format(func.__name__)):
        func(numpy.ones((2, 3, 4)), numpy.ones(4), axis=1)


def test_0d_y_is_a_scalar_operand():
    x = kusari.Variable(numpy.ones((2, 3)))
    y = kusari.Variable(numpy.array(2.0))
    z = F.scale(x, y)
    numpy.testing.assert_array_equal(z.array, numpy.full((2, 3), 2.0))
    F.sum(z).backward()
    assert y.grad == 6.0
