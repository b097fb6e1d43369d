import numpy
import pytest

from kusari.iterators import SerialIterator


def run(iterator, n):
    """(batch, epoch, is_new_epoch, epoch_detail, previous_epoch_detail) for n batches."""
    return [(list(iterator.next()), iterator.epoch, iterator.is_new_epoch,
             iterator.epoch_detail, iterator.previous_epoch_detail) for _ in range(n)]


def test_in_order_with_repeat_and_epoch_bookkeeping():
    it = SerialIterator(list(range(5)), 2, shuffle=False)
    assert it.epoch == 0 and it.epoch_detail == 0 and it.previous_epoch_detail is None
    assert not it.is_new_epoch and it.current_position == 0 and it.repeat
    steps = run(it, 4)
    assert [s[0] for s in steps] == [[0, 1], [2, 3], [4, 0], [1, 2]]
    assert [s[1] for s in steps] == [0, 0, 1, 1]
    assert [s[2] for s in steps] == [False, False, True, False]
    assert [s[3] for s in steps] == pytest.approx([0.4, 0.8, 1.2, 1.6])
    assert [s[4] for s in steps] == pytest.approx([0.0, 0.4, 0.8, 1.2])
    assert it.current_position == 3


def test_without_repeat_ends_with_a_short_batch():
    it = SerialIterator(numpy.arange(5), 2, repeat=False, shuffle=False)
    batches = [list(b) for b in it]
    assert batches == [[0, 1], [2, 3], [4]]
    assert it.epoch == 1 and it.is_new_epoch and it.epoch_detail == 1.0
    with pytest.raises(StopIteration):
        it.next()


def test_exact_multiple_and_batch_larger_than_dataset():
    it = SerialIterator([0, 1, 2], 3, shuffle=False)
    assert it.next() == [0, 1, 2] and it.is_new_epoch and it.epoch == 1
    it = SerialIterator([0, 1], 5, shuffle=False)
    assert it.next() == [0, 1, 0, 1, 0]
    assert it.epoch == 2 and it.current_position == 1
    it = SerialIterator([0, 1], 5, repeat=False, shuffle=False)
    assert it.next() == [0, 1]
    with pytest.raises(StopIteration):
        it.next()


def test_shuffle_is_reproducible_and_a_permutation_per_epoch():
    data = list(range(10))
    numpy.random.seed(0)
    a = run(SerialIterator(data, 5), 6)
    numpy.random.seed(0)
    b = run(SerialIterator(data, 5), 6)
    assert [s[0] for s in a] == [s[0] for s in b]
    epochs = [a[0][0] + a[1][0], a[2][0] + a[3][0], a[4][0] + a[5][0]]
    for epoch in epochs:
        assert sorted(epoch) == data
    assert epochs[0] != epochs[1]
    # The default sampler owns a generator seeded from the global one at construction.
    numpy.random.seed(0)
    own = numpy.random.RandomState(numpy.random.randint(0, 2 ** 32, size=4, dtype=numpy.int64))
    assert epochs[0] == own.permutation(10).tolist()
    assert epochs[1] == own.permutation(10).tolist()


def test_default_shuffle_ignores_the_global_generator_after_construction():
    numpy.random.seed(0)
    a = SerialIterator(list(range(10)), 5)
    numpy.random.seed(0)
    b = SerialIterator(list(range(10)), 5)
    numpy.random.seed(1)  # reseeding later changes neither iterator's epochs
    assert run(a, 6) == run(b, 6)


def test_shuffle_default_and_explicit_false():
    numpy.random.seed(1)
    assert SerialIterator(list(range(20)), 20).next() != list(range(20))
    assert SerialIterator(list(range(20)), 20, shuffle=False).next() == list(range(20))


def test_custom_order_sampler():
    reverse = lambda order, position: numpy.arange(len(order))[::-1]  # noqa: E731
    it = SerialIterator(list('abcd'), 3, order_sampler=reverse)
    assert it.next() == ['d', 'c', 'b']
    assert it.next() == ['a', 'd', 'c']


def test_order_sampler_with_shuffle_is_an_error():
    with pytest.raises(ValueError, match='shuffle and order_sampler'):
        SerialIterator([1], 1, shuffle=True, order_sampler=lambda o, p: o)


def test_order_sampler_returning_wrong_length():
    it = SerialIterator([1, 2, 3], 2, order_sampler=lambda order, position: numpy.arange(3)
                        if position == 0 else numpy.arange(2))
    it.next()
    with pytest.raises(ValueError, match='length 2 instead of 3'):
        it.next()


def test_reset():
    it = SerialIterator(list(range(4)), 3, shuffle=False)
    it.next()
    it.next()
    it.reset()
    assert it.epoch == 0 and it.current_position == 0 and it.previous_epoch_detail is None
    assert it.next() == [0, 1, 2]


def test_bad_arguments():
    for batch_size in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match='batch_size must be a positive int'):
            SerialIterator([1], batch_size)
    empty = SerialIterator([], 1)  # created, as in Chainer, but not drawn from
    assert empty.epoch_detail == 0.
    for repeat in (True, False):
        with pytest.raises(ValueError, match='SerialIterator: the dataset is empty'):
            SerialIterator([], 1, repeat=repeat).next()


@pytest.mark.parametrize('shuffle', [False, True])
def test_serialize_resume_gives_the_same_batches(serializers, shuffle):
    Serializer, Deserializer = serializers
    data = list(range(7))
    numpy.random.seed(3)
    original = SerialIterator(data, 3, shuffle=shuffle)
    for _ in range(4):
        original.next()
    saved = Serializer()
    original.serialize(saved)
    numpy.random.seed(3)  # same global state as when the original continues
    state = numpy.random.get_state()
    expected = run(original, 5)

    resumed = SerialIterator(data, 3, shuffle=shuffle)
    resumed.serialize(Deserializer(saved.target))
    assert (resumed.epoch, resumed.current_position) == (1, 5)
    numpy.random.set_state(state)
    assert run(resumed, 5) == expected


def test_deserialize_old_snapshot_without_previous_epoch_detail(serializers):
    Serializer, Deserializer = serializers
    it = SerialIterator(list(range(10)), 4, shuffle=False)
    it.next()
    it.next()
    saved = Serializer()
    it.serialize(saved)
    del saved.target['previous_epoch_detail']
    other = SerialIterator(list(range(10)), 4, shuffle=False)
    other.serialize(Deserializer(saved.target))
    assert other.current_position == 8 and other.epoch == 0
    assert other.previous_epoch_detail == pytest.approx(0.4)


def test_resume_with_own_random_state_equals_uninterrupted_run(serializers):
    from kusari.iterators import ShuffleOrderSampler
    Serializer, Deserializer = serializers

    def make(seed):
        return SerialIterator(list(range(5)), 2,
                              order_sampler=ShuffleOrderSampler(numpy.random.RandomState(seed)))

    uninterrupted = run(make(0), 12)
    first = make(0)
    run(first, 4)
    saved = Serializer()
    first.serialize(saved)
    resumed = make(123)
    resumed.serialize(Deserializer(saved.target))
    numpy.random.seed(7)  # the global generator plays no part
    assert run(resumed, 8) == uninterrupted[4:]


def test_snapshot_without_sampler_state_still_loads(serializers):
    from kusari.iterators import ShuffleOrderSampler
    Serializer, Deserializer = serializers
    it = SerialIterator(list(range(5)), 2,
                        order_sampler=ShuffleOrderSampler(numpy.random.RandomState(0)))
    it.next()
    saved = Serializer()
    it.serialize(saved)
    chainer_snapshot = {k: v for k, v in saved.target.items()
                        if not k.startswith('order_sampler/')}
    other = SerialIterator(list(range(5)), 2,
                           order_sampler=ShuffleOrderSampler(numpy.random.RandomState(1)))
    other.serialize(Deserializer(chainer_snapshot))
    assert other.current_position == 2
    numpy.testing.assert_array_equal(other._state.order, it._state.order)


def test_npz_snapshot_round_trip(tmp_path):
    from kusari import serializers
    from kusari.iterators import ShuffleOrderSampler

    def make(seed):
        return SerialIterator(numpy.arange(7), 3,
                              order_sampler=ShuffleOrderSampler(numpy.random.RandomState(seed)))

    original = make(0)
    run(original, 4)
    serializers.save_npz(str(tmp_path / 'iterator.npz'), original)
    resumed = make(1)
    serializers.load_npz(str(tmp_path / 'iterator.npz'), resumed)
    assert run(resumed, 6) == run(original, 6)


def test_default_shuffle_state_round_trips_through_npz(tmp_path):
    from kusari import serializers
    numpy.random.seed(0)
    original = SerialIterator(list(range(7)), 3)
    run(original, 4)
    serializers.save_npz(tmp_path / 'it.npz', original)
    with numpy.load(tmp_path / 'it.npz') as saved:
        assert saved['order_sampler/keys'].dtype == numpy.uint32
        assert saved['order_sampler/keys'].shape == (624,)
        assert saved['order_sampler/position'].dtype.kind == 'i'
    expected = run(original, 9)
    numpy.random.seed(1)
    resumed = SerialIterator(list(range(7)), 3)
    serializers.load_npz(tmp_path / 'it.npz', resumed)
    assert run(resumed, 9) == expected


@pytest.mark.parametrize('iterator', ['serial', 'multiprocess'])
def test_a_serializer_without_children_gets_chainers_keys(iterator):
    # Chainer's iterators never ask a serializer for a child, so serializers without
    # one work with them; kusari's then save what Chainer's save, without the order
    # sampler's state.
    from kusari.iterators import MultiprocessIterator
    from tests.iterators.conftest import FlatDeserializer, FlatSerializer

    def make():
        if iterator == 'serial':
            return SerialIterator(list(range(6)), 2)
        return MultiprocessIterator(list(range(6)), 2, n_processes=1)

    original = make()
    batches = [original.next(), original.next()]
    saved = {}
    original.serialize(FlatSerializer(saved))
    assert sorted(saved) == ['current_position', 'epoch', 'is_new_epoch', 'order',
                             'previous_epoch_detail']
    resumed = make()
    resumed.serialize(FlatDeserializer(saved))
    assert resumed.epoch_detail == pytest.approx(4 / 6)
    batches.append(resumed.next())
    assert resumed.is_new_epoch
    assert sorted(sum(batches, [])) == list(range(6))
    for it in (original, resumed):
        it.finalize()
