import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def reference(a, slices, b):
    y = a.copy()
    numpy.add.at(y, slices, b)
    return y


@pytest.mark.parametrize('slices, b_shape', [
    ((slice(None), 1), (3,)),
    ((slice(1, 3),), (2, 4)),
    ((numpy.array([0, 2, 0]),), (3, 4)),   # a repeated row receives both additions
    ((numpy.array([0, 0]), numpy.array([1, 1])), (2,)),
    ((slice(None), numpy.array([3, 3])), (1,)),  # b broadcasts
])
def test_matches_add_at(uniform, slices, b_shape):
    check_function(lambda a, b: F.scatter_add(a, slices, b), (uniform(3, 4), uniform(*b_shape)),
                   lambda a, b: reference(a, slices, b))


def test_bad_inputs(uniform):
    with pytest.raises(ValueError, match='scatter_add'):
        F.scatter_add(uniform(3), 0, uniform(3).astype(numpy.float32))
    with pytest.raises(IndexError, match='scatter_add'):
        F.scatter_add(uniform(3), numpy.array([5]), uniform(1))


@attr.gpu
def test_gpu(uniform):
    slices = (numpy.array([0, 2, 0]),)
    check_function(lambda a, b: F.scatter_add(a, slices, b), (uniform(3, 4), uniform(3, 4)),
                   lambda a, b: reference(a, slices, b), device='@cupy:0')


def test_invalid_slices_raise_chainers_errors():
    a, b = numpy.zeros((4, 3, 2)), numpy.zeros((2, 2))
    with pytest.raises(InvalidType, match='scatter_add: invalid slices'):
        F.scatter_add(a, (0, 0, 0, 0), b)
    with pytest.raises(ValueError, match='scatter_add'):  # b does not broadcast
        F.scatter_add(a, slice(0, 2), b)
    with kusari.using_config('debug', True):
        with pytest.raises(ValueError, match='scatter_add: only one Ellipsis'):
            F.scatter_add(a, (Ellipsis, Ellipsis), b)
