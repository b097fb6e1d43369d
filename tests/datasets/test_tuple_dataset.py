import numpy
import pytest

from kusari.datasets import TupleDataset


def test_examples_are_tuples():
    x = numpy.arange(10).reshape(5, 2)
    y = [10, 11, 12, 13, 14]
    d = TupleDataset(x, y)
    assert len(d) == 5
    example = d[3]
    assert isinstance(example, tuple)
    numpy.testing.assert_array_equal(example[0], [6, 7])
    assert example[1] == 13


def test_slices_lists_and_arrays_give_lists_of_tuples():
    x = numpy.arange(5)
    d = TupleDataset(x, -x)
    assert d[1:4] == [(1, -1), (2, -2), (3, -3)]
    assert d[numpy.array([4, 0])] == [(4, -4), (0, 0)]
    assert d[[2]] == [(2, -2)]
    assert d[-1] == (4, -4)


def test_mismatched_lengths_name_both_lengths():
    with pytest.raises(ValueError, match='dataset 0 has length 3 and dataset 1 has length 4'):
        TupleDataset([1, 2, 3], [1, 2, 3, 4])


def test_no_datasets():
    with pytest.raises(ValueError, match='no datasets'):
        TupleDataset()
