import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(12)


@pytest.mark.parametrize('func, ref', [(F.cumsum, numpy.cumsum), (F.cumprod, numpy.cumprod)],
                         ids=['cumsum', 'cumprod'])
@pytest.mark.parametrize('shape, axis', [((3, 4), 1), ((3, 4), 0), ((2, 3, 2), -2),
                                         ((2, 3), None), ((0, 3), 1), ((3, 0), 1), ((5,), 0)])
def test_cumulative(func, ref, shape, axis):
    check_function(lambda x: func(x, axis=axis), rng.uniform(0.5, 1.5, shape) * rng.choice(
        [-1, 1], shape), lambda x: ref(x, axis=axis))


@pytest.mark.parametrize('func, node', [(F.cumsum, 'Cumsum'), (F.cumprod, 'Cumprod')])
def test_axis_none_is_one_node_on_the_unflattened_input(func, node):
    # as Chainer records it: Cumsum(None) / Cumprod(None) of x itself, no Reshape
    y = func(numpy.ones((2, 3)))
    assert type(y.creator).__name__ == node and y.creator.axis is None
    assert y.creator.inputs[0].shape == (2, 3) and y.shape == (6,)


def test_cumprod_gradient_with_zeros():
    x = numpy.array([[2.0, 0.0, 3.0, 0.0, 5.0], [0.0, 1.5, -2.0, 0.5, 1.0]])
    check_function(lambda x: F.cumprod(x, axis=1), x, lambda x: numpy.cumprod(x, axis=1),
                   dtypes=(numpy.float64,))
    v = kusari.Variable(x[0])
    F.sum(F.cumprod(v)).backward()
    # d/dx1 of the sum: x0 * (1 + x2 + x2*x3 + x2*x3*x4) = 2 * (1 + 3) = 8.
    numpy.testing.assert_allclose(v.grad, [1.0, 8.0, 0.0, 0.0, 0.0])


@pytest.mark.parametrize('func', [F.cumsum, F.cumprod])
def test_bad_axis(func):
    with pytest.raises(InvalidType, match='{}: invalid axis'.format(func.__name__)):
        func(numpy.ones((2, 3)), axis=2)
    with pytest.raises(InvalidType, match='{}: invalid axis'.format(func.__name__)):
        func(numpy.ones((2, 3)), axis=(0, 1))


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='cumsum: invalid x'):
        F.cumsum(numpy.arange(3))
