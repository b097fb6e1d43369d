import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(35)


@pytest.mark.parametrize('shape, axis', [((3, 4), 1), ((2, 3, 4), (1, 2)), ((4, 3), 0),
                                         ((2, 3, 2), -1), ((2, 3), None), ((), ()),
                                         ((2, 3), ())])
def test_normalize(shape, axis):
    def reference(x):
        norm = numpy.sqrt((x.astype(numpy.float64) ** 2).sum(axis=axis, keepdims=True))
        return (x / (norm + 1e-5)).astype(x.dtype)

    check_function(lambda x: F.normalize(x, axis=axis), rng.uniform(-1, 1, shape), reference)


def test_gradient_at_a_zero_vector_is_finite():
    x = kusari.Variable(numpy.zeros((1, 3)))
    y = F.normalize(x, eps=0.5)
    y.grad = numpy.array([[1.0, 2.0, 3.0]])
    y.backward()
    numpy.testing.assert_allclose(x.grad, [[2.0, 4.0, 6.0]])  # gy / eps


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='normalize: invalid x'):
        F.normalize(numpy.ones((2, 3), 'i'))


@pytest.mark.parametrize('x, axis, message', [
    (numpy.ones((), 'f'), 0, 'normalize: invalid axis: expected an axis of a 0-d array'),
    (numpy.ones((2, 3), 'f'), 1.0, 'normalize: invalid axis: expected None, an int or a tuple'),
    (numpy.ones((2, 3), 'f'), 2, 'normalize: invalid axis'),
    (numpy.ones((2, 3), 'f'), (0, 0.5), 'normalize: invalid axis'),
])
def test_bad_axis_or_0d_input_is_a_clear_error(x, axis, message):
    with pytest.raises(InvalidType, match=message):
        F.normalize(x, axis=axis)


def test_a_float_axis_of_concat_is_a_clear_error():
    with pytest.raises(InvalidType, match='concat: invalid axis'):
        F.concat([numpy.ones((2, 3), 'f'), numpy.ones((2, 3), 'f')], axis=1.0)
