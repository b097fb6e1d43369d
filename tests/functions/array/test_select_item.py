import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('t', [numpy.array([2, 0, 3]), numpy.array([1, 1, 1], numpy.int32)])
def test_matches_indexing(uniform, t):
    check_function(F.select_item, (uniform(3, 4), t), lambda x, t: x[numpy.arange(3), t])


def test_label_variable_gets_no_gradient(uniform):
    x = kusari.Variable(uniform(2, 3))
    t = kusari.Variable(numpy.array([0, 2]))
    y = F.select_item(x, t)
    y.grad = numpy.array([1.0, 2.0])
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[1, 0, 0], [0, 0, 2]])
    assert t.grad is None


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='select_item: invalid x'):
        F.select_item(uniform(3), numpy.array([0, 1, 2]))
    with pytest.raises(InvalidType, match='select_item: invalid t'):
        F.select_item(uniform(3, 2), numpy.array([0.0, 1.0, 0.0]))
    with pytest.raises(InvalidType, match='select_item: invalid t'):
        F.select_item(uniform(3, 2), numpy.array([0, 1]))


@attr.gpu
def test_gpu(uniform):
    t = numpy.array([2, 0, 3])
    check_function(F.select_item, (uniform(3, 4), t), lambda x, t: x[numpy.arange(3), t],
                   device='@cupy:0')


def test_debug_mode_wants_non_negative_labels():
    x = numpy.zeros((1, 2), 'f')
    t = numpy.array([-1], numpy.int32)
    assert F.select_item(x, t).shape == (1,)  # counts from the end, as in NumPy
    with kusari.using_config('debug', True):
        with pytest.raises(ValueError, match='select_item'):
            F.select_item(x, t)
