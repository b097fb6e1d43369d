import numpy
import pytest

from kusari.datasets import DictDataset


def test_examples_are_dicts():
    d = DictDataset(x=numpy.arange(4), y=numpy.array(['a', 'b', 'c', 'd']))
    assert len(d) == 4
    assert d[2] == {'x': 2, 'y': 'c'}
    assert d[1:3] == [{'x': 1, 'y': 'b'}, {'x': 2, 'y': 'c'}]
    assert d[numpy.array([3])] == [{'x': 3, 'y': 'd'}]


def test_mismatched_lengths_name_the_keys():
    with pytest.raises(ValueError, match="'a' has length 2 and 'b' has length 3"):
        DictDataset(a=[1, 2], b=[1, 2, 3])


def test_no_datasets():
    with pytest.raises(ValueError, match='no datasets'):
        DictDataset()
