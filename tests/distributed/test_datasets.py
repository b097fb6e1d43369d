"""scatter_dataset, scatter_index and create_empty_dataset in one process; the ranges
of every rank are checked through index_range, which each process evaluates."""

import numpy
import pytest

from kusari import distributed as D
from kusari.distributed import _mpi
from kusari.distributed.datasets.scatter import _scatter_index, index_range


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


@pytest.mark.parametrize('size', [1, 2, 3, 4, 7])
@pytest.mark.parametrize('n', [0, 1, 2, 5, 10, 11, 100])
def test_index_ranges(n, size):
    exact = [index_range(n, size, r, force_equal_length=False) for r in range(size)]
    covered = [i for b, e in exact for i in range(b, e)]
    assert covered == list(range(n))  # in order, every index exactly once
    assert max(e - b for b, e in exact) - min(e - b for b, e in exact) <= 1
    equal = [index_range(n, size, r) for r in range(size)]
    assert {e - b for b, e in equal} == {-(-n // size)}
    assert all(0 <= b <= e <= n for b, e in equal)
    assert {i for b, e in equal for i in range(b, e)} == set(range(n))


def test_index_ranges_as_chainer_splits_them():
    assert [index_range(10, 4, r) for r in range(4)] == [(0, 3), (2, 5), (5, 8), (7, 10)]
    assert [index_range(10, 4, r, False) for r in range(4)] == [(0, 3), (3, 6), (6, 8),
                                                                (8, 10)]


def test_scatter_index_generator_yields_every_ranks_range():
    assert list(_scatter_index(10, 3, False)) == [(0, 0, 4), (1, 4, 7), (2, 7, 10)]
    assert list(_scatter_index(10, 4, True)) == [(r,) + index_range(10, 4, r)
                                                 for r in range(4)]


def test_scatter_dataset_in_one_process(comm):
    data = list(range(20))
    assert list(D.scatter_dataset(data, comm)) == data
    shuffled = list(D.scatter_dataset(data, comm, shuffle=True, seed=4))
    assert shuffled == [data[i] for i in numpy.random.RandomState(4).permutation(20)]
    assert D.scatter_index(20, comm) == (0, 20)


def test_scatter_errors(comm):
    with pytest.raises(ValueError, match='root rank 0 must give a dataset'):
        D.scatter_dataset(None, comm)
    with pytest.raises(ValueError, match='root must be a rank from 0 to 0'):
        D.scatter_dataset([1], comm, root=1)
    with pytest.raises(ValueError, match='non-negative int'):
        D.scatter_index(-1, comm)
    with pytest.raises(TypeError, match='must be a kusari.distributed communicator'):
        D.scatter_dataset([1], object())


def test_create_empty_dataset():
    empty = D.datasets.create_empty_dataset(numpy.zeros((4, 2)))
    assert empty == [(), (), (), ()]
