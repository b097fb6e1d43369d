import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('axis', [0, 1, -1])
@pytest.mark.parametrize('inv', [False, True])
def test_matches_take(uniform, axis, inv):
    x = uniform(3, 4)
    indices = numpy.random.RandomState(axis + 2).permutation(x.shape[axis]).astype(numpy.int32)
    take = numpy.argsort(indices) if inv else indices
    check_function(lambda x: F.permutate(x, indices, axis, inv), x,
                   lambda x: x.take(take, axis=axis))


def test_documented_example():
    x = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    indices = kusari.Variable(numpy.array([2, 0, 1], numpy.int32))
    numpy.testing.assert_array_equal(F.permutate(x, indices).array, [[4, 5], [0, 1], [2, 3]])
    numpy.testing.assert_array_equal(F.permutate(x, indices, inv=True).array,
                                     [[2, 3], [4, 5], [0, 1]])


def test_bad_indices(uniform):
    with pytest.raises(InvalidType, match='permutate: invalid indices'):
        F.permutate(uniform(3), numpy.array([0, 1]))
    with pytest.raises(InvalidType, match='permutate: invalid indices'):
        F.permutate(uniform(3), numpy.array([0.0, 1.0, 2.0]))
    with kusari.using_config('debug', True), pytest.raises(InvalidType, match='permutate'):
        F.permutate(uniform(3), numpy.array([0, 0, 1]))


@attr.gpu
def test_gpu(uniform):
    indices = numpy.array([2, 0, 1], numpy.int32)
    check_function(lambda x: F.permutate(x, indices, 0, True), uniform(3, 4),
                   lambda x: x[numpy.argsort(indices)], device='@cupy:0')
