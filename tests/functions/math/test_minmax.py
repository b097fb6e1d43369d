import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(7)
AXES = [(None, False), (1, False), ((0, 2), False), (-1, True), ((), False), (None, True)]


def distinct(*shape):
    """Values with no ties (the gradient at ties is a choice)."""
    return rng.permutation(numpy.prod(shape, dtype=int)).reshape(shape) * 0.1 - 1


@pytest.mark.parametrize('func, ref', [(F.max, numpy.max), (F.min, numpy.min)],
                         ids=['max', 'min'])
@pytest.mark.parametrize('axis, keepdims', AXES)
def test_max_min(func, ref, axis, keepdims, on_0d):
    function, reference = on_0d(lambda x: func(x, axis=axis, keepdims=keepdims),
                                lambda x: numpy.asarray(ref(x, axis=axis, keepdims=keepdims)),
                                inputs=False)
    check_function(function, distinct(2, 3, 4), reference)


def test_max_of_0d():
    x = kusari.Variable(numpy.array(2.5))
    assert F.max(x).array == 2.5


def test_max_gradient_goes_to_every_tied_element():
    x = kusari.Variable(numpy.array([1.0, 3.0, 3.0]))
    F.max(x).backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 1.0, 1.0])


def test_max_of_empty_array_is_an_error():
    with pytest.raises(InvalidType, match='max: invalid x'):
        F.max(numpy.zeros((0, 3)))


def test_bad_axis():
    with pytest.raises(InvalidType, match='max: invalid axis'):
        F.max(numpy.zeros((2, 3)), axis=2)


@pytest.mark.parametrize('func, ref', [(F.argmax, numpy.argmax), (F.argmin, numpy.argmin)],
                         ids=['argmax', 'argmin'])
@pytest.mark.parametrize('axis', [None, 0, -1])
def test_argmax_argmin(func, ref, axis):
    x = distinct(3, 4).astype(numpy.float32)
    y = func(kusari.Variable(x), axis=axis)
    assert y.dtype == numpy.int32 and type(y.array) is numpy.ndarray
    numpy.testing.assert_array_equal(y.array, ref(x, axis=axis))
    assert type(y.creator).__name__ == ('ArgMax' if ref is numpy.argmax else 'ArgMin')


def test_argmax_rejects_tuple_axis():
    with pytest.raises(InvalidType, match='argmax: invalid axis'):
        F.argmax(numpy.zeros((2, 3)), axis=(0, 1))


ELEMENTWISE = [(F.maximum, numpy.maximum), (F.minimum, numpy.minimum)]


@pytest.mark.parametrize('func, ref', ELEMENTWISE, ids=['maximum', 'minimum'])
@pytest.mark.parametrize('shape1, shape2', [((3, 4), (3, 4)), ((3, 4), (4,)), ((2, 1), (3,))])
def test_maximum_minimum(func, ref, shape1, shape2):
    # Values on two interleaved grids never tie.
    x1 = rng.integers(-10, 10, shape1) * 0.1
    x2 = rng.integers(-10, 10, shape2) * 0.1 + 0.05
    check_function(func, (x1, x2), ref)


@pytest.mark.parametrize('func, ref', ELEMENTWISE, ids=['maximum', 'minimum'])
def test_maximum_minimum_0d(func, ref):
    y = func(numpy.array(0.3), numpy.array(0.7))
    assert y.shape == () and y.array == ref(0.3, 0.7)


@pytest.mark.parametrize('func, x2_values, x1_grad', [
    (F.maximum, [1.0, 0.0, 3.0], [1.0, 1.0, 0.0]),
    (F.minimum, [1.0, 3.0, 0.0], [1.0, 1.0, 0.0])], ids=['maximum', 'minimum'])
def test_ties_send_the_gradient_to_the_first_input(func, x2_values, x1_grad):
    x1 = kusari.Variable(numpy.array([1.0, 2.0, 2.0]))
    x2 = kusari.Variable(numpy.array(x2_values))
    y = func(x1, x2)
    y.grad = numpy.ones(3)
    y.backward()
    numpy.testing.assert_array_equal(x1.grad, x1_grad)
    numpy.testing.assert_array_equal(x2.grad, 1 - numpy.array(x1_grad))


def test_maximum_rejects_mismatched_dtypes():
    with pytest.raises(InvalidType, match='maximum: invalid dtypes of x1 and x2'):
        F.maximum(numpy.ones(2, numpy.float32), numpy.ones(2))
