import numpy
import pytest

from kusari.dataset import DatasetMixin


class Squares(DatasetMixin):
    def __len__(self):
        return 10

    def get_example(self, i):
        if not 0 <= i < 10:
            raise IndexError(i)
        return i * i


def test_integer_index_calls_get_example():
    assert Squares()[3] == 9


def test_slice_returns_list_of_examples():
    d = Squares()
    assert d[2:8:2] == [4, 16, 36]
    assert d[-3:] == [49, 64, 81]
    assert d[::-4] == [81, 25, 1]


def test_list_and_array_indices_return_lists():
    d = Squares()
    assert d[[1, 3]] == [1, 9]
    assert d[numpy.array([4, 0])] == [16, 0]


def test_base_class_methods_must_be_implemented():
    with pytest.raises(NotImplementedError, match='__len__'):
        len(DatasetMixin())
    with pytest.raises(NotImplementedError, match='get_example'):
        DatasetMixin()[0]
