import numpy
import pytest

import kusari
from kusari.utils import cache


class Holder:

    def __init__(self, x):
        self.x = x
        self.calls = 0

    @cache.cached_property
    def double(self):
        self.calls += 1
        return self.x * 2


def test_computed_once_per_backprop_mode():
    obj = Holder(kusari.Variable(numpy.array([1.0])))
    first = obj.double
    assert obj.double is first and obj.calls == 1
    with kusari.no_backprop_mode():
        without_graph = obj.double
        assert obj.double is without_graph
    assert without_graph is not first and without_graph.creator is None
    assert obj.double is first and obj.calls == 2


def test_per_object_and_read_only():
    a, b = Holder(kusari.Variable(numpy.array([1.0]))), Holder(kusari.Variable(numpy.array([5.0])))
    numpy.testing.assert_array_equal(a.double.array, [2.0])
    numpy.testing.assert_array_equal(b.double.array, [10.0])
    assert Holder.double.__name__ == 'double'
    with pytest.raises(AttributeError, match='read-only'):
        a.double = 3
