"""Multi-node and synchronized iterators in one process (multi-process: test_mpi.py)."""

import numpy
import pytest

import kusari
from kusari import distributed as D
from kusari import iterators
from kusari.distributed import _mpi
from kusari.distributed.iterators.multi_node_iterator import _build_ctrl_msg, _parse_ctrl_msg


@pytest.fixture
def comm(monkeypatch):
    for name in _mpi._LAUNCHER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return D.create_communicator('dummy')


def test_multi_node_iterator_follows_the_actual_iterator(comm):
    multi = D.iterators.create_multi_node_iterator(
        iterators.SerialIterator(list(range(5)), 2, shuffle=False), comm)
    assert [multi.next() for _ in range(3)] == [[0, 1], [2, 3], [4, 0]]
    assert multi.epoch == 1 and multi.is_new_epoch
    assert multi.batch_size == 2
    with pytest.raises(ValueError, match='rank_master must be a rank'):
        D.iterators.create_multi_node_iterator(iterators.SerialIterator([1], 1), comm, 3)


def test_multi_node_iterator_stops_and_resets(comm):
    multi = D.iterators.create_multi_node_iterator(
        iterators.SerialIterator([1, 2, 3], 2, repeat=False, shuffle=False), comm)
    assert list(multi) == [[1, 2], [3]]
    multi.reset()
    assert list(multi) == [[1, 2], [3]]


def test_control_message_round_trip():
    msg = _build_ctrl_msg(True, False, True, False, 12345)
    assert msg.dtype == numpy.float32 and msg.shape == (5,)
    assert _parse_ctrl_msg(msg) == (True, False, True, False, 12345)
    numpy.testing.assert_array_equal(msg, _build_ctrl_msg(*_parse_ctrl_msg(msg)))


def test_multi_node_iterator_takes_numeric_examples_only(comm):
    pairs = [(numpy.float32(i), numpy.int32(i)) for i in range(4)]
    multi = D.iterators.create_multi_node_iterator(iterators.SerialIterator(pairs, 2), comm)
    assert len(multi.next()) == 2
    words = D.iterators.create_multi_node_iterator(
        iterators.SerialIterator(['a', 'b'], 1), comm)
    with pytest.raises(TypeError, match='arrays or numbers, or tuples of them'):
        words.next()


def test_multi_node_iterator_master_is_its_actual_iterator(comm):
    actual = iterators.SerialIterator(list(range(6)), 2)
    multi = D.iterators.create_multi_node_iterator(actual, comm)
    assert multi._state is actual._state and multi.order_sampler is actual.order_sampler
    multi.next()
    saved = {}
    multi.serialize(kusari.serializers.DictionarySerializer(saved))
    assert saved['current_position'] == 2 and 'order' in saved


def test_synchronized_iterator_reseeds_shuffling_only(comm):
    numpy.random.seed(0)
    shuffled = D.iterators.create_synchronized_iterator(
        iterators.SerialIterator(list(range(8)), 8), comm)
    assert sorted(shuffled.next()) == list(range(8))
    plain = D.iterators.create_synchronized_iterator(
        iterators.SerialIterator(list(range(8)), 8, shuffle=False), comm)
    assert plain.next() == list(range(8))

    class NoSampler:
        pass

    with pytest.raises(ValueError, match='no order_sampler'):
        D.iterators.create_synchronized_iterator(NoSampler(), comm)
