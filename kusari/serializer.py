"""Base classes of serializers and deserializers.

``serializer(key, value)`` saves (Serializer) or loads (Deserializer) one value and
returns it; ``serializer[name]`` gives the serializer of a child object.
"""


class AbstractSerializer:
    """Common interface of Serializer and Deserializer."""

    def __getitem__(self, key):
        raise NotImplementedError

    def __call__(self, key, value):
        raise NotImplementedError


class Serializer(AbstractSerializer):
    """Writes values; ``save(obj)`` serializes a whole object."""

    def save(self, obj):
        obj.serialize(self)


class Deserializer(AbstractSerializer):
    """Reads values; ``load(obj)`` deserializes a whole object."""

    def load(self, obj):
        obj.serialize(self)
