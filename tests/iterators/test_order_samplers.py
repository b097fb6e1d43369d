import numpy
import pytest

from kusari.iterators import OrderSampler
from kusari.iterators import ShuffleOrderSampler


def test_shuffle_uses_global_generator_by_default():
    numpy.random.seed(7)
    order = ShuffleOrderSampler()(numpy.arange(10), 0)
    numpy.random.seed(7)
    numpy.testing.assert_array_equal(order, numpy.random.permutation(10))


def test_shuffle_with_own_random_state():
    sampler = ShuffleOrderSampler(numpy.random.RandomState(3))
    first = sampler(numpy.arange(6), 6)
    second = sampler(first, 6)
    expected = numpy.random.RandomState(3)
    numpy.testing.assert_array_equal(first, expected.permutation(6))
    numpy.testing.assert_array_equal(second, expected.permutation(6))
    assert sorted(second) == list(range(6))


def test_base_class_must_be_implemented():
    with pytest.raises(NotImplementedError):
        OrderSampler()(numpy.arange(3), 0)


def test_serialize_own_random_state(serializers):
    Serializer, Deserializer = serializers
    sampler = ShuffleOrderSampler(numpy.random.RandomState(0))
    sampler(numpy.arange(5), 0)
    saved = Serializer()
    sampler.serialize(saved)
    expected = [sampler(numpy.arange(5), 5).tolist() for _ in range(3)]
    other = ShuffleOrderSampler(numpy.random.RandomState(42))
    other.serialize(Deserializer(saved.target))
    assert [other(numpy.arange(5), 5).tolist() for _ in range(3)] == expected


def test_global_generator_is_not_serialized(serializers):
    Serializer, _ = serializers
    saved = Serializer()
    ShuffleOrderSampler().serialize(saved)
    assert saved.target == {}
