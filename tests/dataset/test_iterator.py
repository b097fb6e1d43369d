import pytest

from kusari.dataset import Iterator


class Countdown(Iterator):
    def __init__(self, n):
        self.n = n
        self.finalized = False

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return [self.n]

    def finalize(self):
        self.finalized = True


def test_python_iteration_and_next_method():
    it = Countdown(3)
    assert it.next() == [2]
    assert list(it) == [[1], [0]]


def test_context_manager_finalizes_even_on_error():
    with pytest.raises(RuntimeError):
        with Countdown(2) as it:
            raise RuntimeError
    assert it.finalized


def test_base_class():
    it = Iterator()
    assert iter(it) is it
    with pytest.raises(NotImplementedError):
        next(it)
    it.finalize()
    it.serialize(None)
