"""Loading as a transaction: if copying a file's values into an object fails half-way,
the object gets its previous state back.

The file's entries are all checked and read before anything is copied, so what can
still fail is the objects' own ``serialize`` code refusing a value (e.g. LogReport's
log that is not JSON) after other objects have taken theirs.

What is restored is every value the object serialized before the load; state the load
created (an uninitialized parameter or optimizer state that took the file's shape)
stays as loaded.
"""

import numpy

from kusari import serializer
from kusari.serializers._common import SerializationError, load_into
from kusari.serializers.npz import serialize


def state_of(obj):
    """A copy of every value ``obj`` serializes, keyed by path."""
    return {key: numpy.array(value) for key, value in serialize(obj).items()}


class _Restorer(serializer.Deserializer):
    """Loads the values ``state_of`` recorded back into the object."""

    def __init__(self, state, path=''):
        self.state = state
        self.path = path

    def __getitem__(self, key):
        return _Restorer(self.state, self.path + key.strip('/') + '/')

    def __call__(self, key, value):
        key = self.path + key.lstrip('/')
        stored = self.state.get(key)
        if stored is None or (stored.dtype == object and stored.shape == ()):
            return value  # not recorded, or None
        return load_into('(previous state)', key, stored, value)


def load_checked(source, obj, checking, loading):
    """``checking.load(obj)`` (reads and checks every entry, copies nothing), then
    ``loading.load(obj)``. If either raises, ``obj``'s previous values are put back (an
    object may change its own state while checked, e.g. a trigger guessing a value a
    snapshot lacks); an error of the loading pass is raised as a SerializationError
    naming ``source``."""
    previous = state_of(obj)
    try:
        checking.load(obj)
    except Exception:
        _Restorer(previous).load(obj)
        raise
    try:
        loading.load(obj)
    except Exception as e:
        _Restorer(previous).load(obj)
        if isinstance(e, SerializationError):
            raise
        raise SerializationError('{}: the file was read, but loading it into {} failed '
                                 '({}: {}); its previous state is restored'.format(
                                     source, type(obj).__name__, type(e).__name__, e)) from e
