import numpy

from kusari.datasets import TransformDataset
from kusari.datasets import TupleDataset


def test_transform_applied_on_every_access():
    calls = []

    def transform(example):
        calls.append(example)
        x, y = example
        return x * 2, y + 1

    d = TransformDataset(TupleDataset(numpy.arange(4), numpy.arange(4)), transform)
    assert len(d) == 4
    assert d[1] == (2, 2)
    assert d[1:3] == [(2, 2), (4, 3)]
    assert d[1] == (2, 2)
    assert len(calls) == 4
