import pytest

from kusari.datasets import ConcatenatedDataset


def test_examples_of_each_dataset_in_turn():
    d = ConcatenatedDataset([0, 1, 2], [], [3], [4, 5])
    assert len(d) == 6
    assert [d[i] for i in range(6)] == [0, 1, 2, 3, 4, 5]
    assert d[-1] == 5 and d[-6] == 0
    assert d[2:5] == [2, 3, 4]


def test_out_of_range():
    d = ConcatenatedDataset([0, 1], [2])
    for i in (3, -4):
        with pytest.raises(IndexError, match='out of range'):
            d[i]


def test_no_datasets_is_empty():
    assert len(ConcatenatedDataset()) == 0
