"""Loading as a transaction: if loading a file into an object fails half-way (a missing,
damaged or mismatched entry, or an object refusing a value), the object gets its previous
state back.

Loading is one pass, as in Chainer (``obj.serialize`` is called once): the deserializer
records every value the object serializes just before it may replace it (``record``),
and should the pass raise, ``load_restoring`` loads the recorded values back.

What is restored is every value the object serialized before the failure; state the load
created (an uninitialized parameter or optimizer state that took the file's shape) stays
as loaded.
"""

import numpy

from kusari import serializer
from kusari.serializers._common import SerializationError, as_saved_array, load_into


def record(previous, key, value):
    """Keep a copy of ``value`` as the previous state of ``key`` (the first one seen)."""
    if key not in previous:
        array = as_saved_array(value)
        previous[key] = numpy.asarray(None) if array is None else numpy.array(array)


class _Restorer(serializer.Deserializer):
    """Loads the values ``record`` kept back into the object (keys as the loading
    deserializer built them: ``path``, then each child's name and '/')."""

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


def load_restoring(source, obj, loading, previous, path=''):
    """``loading.load(obj)``, where ``loading`` records into ``previous``; if it raises,
    the recorded values are put back. An error that is not about the file
    (SerializationError, or KeyError for a missing entry) is raised as a
    SerializationError naming ``source``."""
    try:
        loading.load(obj)
    except Exception as e:
        _Restorer(previous, path).load(obj)
        if isinstance(e, (SerializationError, KeyError)):
            raise
        raise SerializationError('{}: loading it into {} failed ({}: {}); its previous '
                                 'state is restored'.format(
                                     source, type(obj).__name__, type(e).__name__, e)) from e
