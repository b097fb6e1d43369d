import threading

import numpy
import pytest

from kusari.dataset import DatasetMixin
from kusari.iterators import MultithreadIterator
from kusari.iterators import SerialIterator


def take(iterator, n):
    return [([int(x) for x in iterator.next()], iterator.epoch, iterator.is_new_epoch,
             iterator.epoch_detail, iterator.previous_epoch_detail) for _ in range(n)]


@pytest.mark.parametrize('shuffle', [True, False])
def test_same_batches_as_serial_iterator(shuffle):
    data = numpy.arange(13)
    numpy.random.seed(9)
    expected = take(SerialIterator(data, 5, shuffle=shuffle), 8)
    numpy.random.seed(9)
    with MultithreadIterator(data, 5, shuffle=shuffle, n_threads=3) as it:
        assert take(it, 8) == expected


def test_examples_are_read_by_worker_threads():
    seen = set()

    class Recording(DatasetMixin):
        def __len__(self):
            return 6

        def get_example(self, i):
            seen.add(threading.current_thread().name)
            return i

    with MultithreadIterator(Recording(), 3, repeat=False, shuffle=False, n_threads=2) as it:
        assert [b for b in it] == [[0, 1, 2], [3, 4, 5]]
    assert threading.current_thread().name not in seen


def test_error_propagates_and_pool_is_stopped():
    class Failing(DatasetMixin):
        def __len__(self):
            return 4

        def get_example(self, i):
            if i == 2:
                raise KeyError('missing 2')
            return i

    it = MultithreadIterator(Failing(), 2, shuffle=False, n_threads=2)
    assert it.next() == [0, 1]
    with pytest.raises(KeyError, match='missing 2'):
        it.next()
    assert it._pool is None


def test_finalize_stops_the_threads_and_leaves_the_iterator_usable():
    it = MultithreadIterator(list(range(4)), 2, repeat=False, shuffle=False, n_threads=2)
    assert it.next() == [0, 1]
    it.finalize()
    assert it._pool is None
    assert it.next() == [2, 3]
    it.reset()
    assert [it.next(), it.next()] == [[0, 1], [2, 3]]
    it.finalize()


def test_bad_n_threads():
    with pytest.raises(ValueError, match='n_threads'):
        MultithreadIterator([1], 1, n_threads=0)
