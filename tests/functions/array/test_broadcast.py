import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('in_shape, shape', [
    ((3, 1), (2, 3, 4)),
    ((4,), (3, 4)),
    ((2, 3), (2, 3)),
    ((1,), (0, 1)),
])
def test_broadcast_to(uniform, in_shape, shape):
    check_function(lambda x: F.broadcast_to(x, shape), uniform(*in_shape),
                   lambda x: numpy.broadcast_to(x, shape).copy())


@pytest.mark.parametrize('in_shape, shape', [
    ((2, 3, 4), (3, 1)),
    ((3, 4), (4,)),
    ((2, 3), (1, 1)),
])
def test_sum_to(uniform, in_shape, shape):
    def reference(x):
        lead = x.ndim - len(shape)
        axes = tuple(range(lead)) + tuple(
            lead + i for i, n in enumerate(shape) if n == 1 and x.shape[lead + i] != 1)
        return x.sum(axis=axes, keepdims=True).reshape(shape)
    check_function(lambda x: F.sum_to(x, shape), uniform(*in_shape), reference)


def test_broadcast_several(uniform):
    a, b = uniform(3, 1), uniform(1, 4)
    check_function(F.broadcast, (a, b), lambda a, b: tuple(
        x.copy() for x in numpy.broadcast_arrays(a, b)))
    single = F.broadcast(a)
    assert isinstance(single, kusari.Variable) and single.shape == (3, 1)


def test_bad_shapes(uniform):
    with pytest.raises(InvalidType, match='broadcast_to'):
        F.broadcast_to(uniform(3), (4,))
    with pytest.raises(InvalidType, match='sum_to'):
        F.sum_to(uniform(3, 4), (3,))
    with pytest.raises(InvalidType, match='broadcast'):
        F.broadcast(uniform(3), uniform(4))


def test_broadcast_of_nothing_is_refused():
    with pytest.raises(InvalidType, match='broadcast: invalid args'):
        F.broadcast()
