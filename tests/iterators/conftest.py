import numpy
import pytest

from kusari.serializer import Deserializer, Serializer


class DictSerializer:
    """Saves values into a flat dict, following kusari's serializer protocol."""

    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        return DictSerializer(self.target, self.path + key + '/')

    def __call__(self, key, value):
        self.target[self.path + key] = numpy.array(value)
        return value


class DictDeserializer:
    """Loads values from a flat dict (in place into arrays), like kusari's deserializers."""

    def __init__(self, target, path=''):
        self.target = target
        self.path = path

    def __getitem__(self, key):
        return DictDeserializer(self.target, self.path + key + '/')

    def __call__(self, key, value):
        loaded = self.target[self.path + key]  # KeyError if absent, as in kusari
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, loaded)
            return value
        return type(value)(loaded) if value is not None else loaded


@pytest.fixture
def serializers():
    return DictSerializer, DictDeserializer


class FlatSerializer(Serializer):
    """A serializer without children (``__getitem__`` left abstract, as Chainer allows):
    saves into a dict the values themselves."""

    def __init__(self, target):
        self.target = target

    def __call__(self, key, value):
        self.target[key] = value
        return value


class FlatDeserializer(Deserializer):
    """Loads from a dict saved by FlatSerializer; KeyError for a missing key."""

    def __init__(self, target):
        self.target = target

    def __call__(self, key, value):
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, self.target[key])
            return value
        return self.target[key] if value is None else type(value)(self.target[key])
