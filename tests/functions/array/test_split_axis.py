import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('indices_or_sections, axis', [
    (2, 0), (3, 1), ([1, 4], 1), (numpy.array([2]), 1), ([0, 6], -1), (1, 0)])
def test_matches_numpy(uniform, indices_or_sections, axis):
    check_function(lambda x: F.split_axis(x, indices_or_sections, axis), uniform(4, 6),
                   lambda x: tuple(numpy.split(x, indices_or_sections, axis)))


def test_force_tuple(uniform):
    x = uniform(4, 6)
    assert isinstance(F.split_axis(x, 1, 0), tuple)
    y = F.split_axis(x, 1, 0, force_tuple=False)
    assert isinstance(y, kusari.Variable) and y.shape == (4, 6)
    assert isinstance(F.split_axis(x, 2, 0, force_tuple=False), tuple)


def test_gradient_of_some_pieces(uniform):
    x = kusari.Variable(uniform(4, 2))
    _, middle, _ = F.split_axis(x, [1, 3], 0)
    middle.grad = numpy.ones((2, 2))
    middle.backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 0], [1, 1], [1, 1], [0, 0]])


def test_bad_arguments(uniform):
    with pytest.raises(InvalidType, match='split_axis: invalid indices_or_sections'):
        F.split_axis(uniform(4, 6), 4, 1)
    with pytest.raises(InvalidType, match='split_axis: invalid axis'):
        F.split_axis(uniform(4, 6), 2, 2)


def test_unsorted_indices_are_a_value_error_in_debug_mode():
    x = numpy.zeros((2, 3, 4), 'f')
    with kusari.using_config('debug', True):
        with pytest.raises(ValueError, match='split_axis: indices_or_sections must be sorted'):
            F.split_axis(x, [2, 1], 1)
