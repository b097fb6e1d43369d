"""Reporting of observed values (losses, accuracies, ...) by name.

A Reporter maps observers (usually links) to name prefixes; ``report`` records values
into the current reporter's observation dict as ``prefix/name``. Training loops make
a fresh observation per iteration with ``reporter.scope(observation)``.
"""

import collections
import contextlib
import json
import numbers
import threading
import warnings

import numpy

from kusari import core
from kusari.configuration import config

_local = threading.local()


def _stack():
    stack = getattr(_local, 'stack', None)
    if stack is None:
        stack = _local.stack = []
    return stack


def get_current_reporter():
    """The innermost active Reporter of this thread."""
    return _stack()[-1]


class Reporter:
    """Collects reported values into an observation dict under observer prefixes."""

    def __init__(self):
        self._observer_names = {}
        self.observation = {}

    def __enter__(self):
        _stack().append(self)
        return self

    def __exit__(self, *exc):
        _stack().pop()

    @contextlib.contextmanager
    def scope(self, observation):
        """Make this the current reporter, recording into ``observation``."""
        old = self.observation
        self.observation = observation
        self.__enter__()
        try:
            yield
        finally:
            self.__exit__(None, None, None)
            self.observation = old

    def add_observer(self, name, observer):
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix, observers):
        for name, observer in observers:
            self._observer_names[id(observer)] = prefix + name

    def report(self, values, observer=None):
        """Record ``values`` (a dict), prefixed by ``observer``'s registered name."""
        if not config.keep_graph_on_report:
            values = {k: _detach(v) for k, v in values.items()}
        if observer is not None:
            name = self._observer_names.get(id(observer))
            if name is None:
                raise KeyError('the observer {!r} is not registered with the reporter'.format(
                    type(observer).__name__))
            values = {name + '/' + k: v for k, v in values.items()}
        self.observation.update(values)


def _detach(value):
    if isinstance(value, core.Variable):
        return core.Variable._new(value._array, False)
    return value


def report(values, observer=None):
    """Report ``values`` to the current reporter; does nothing when there is none."""
    stack = _stack()
    if stack:
        stack[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation):
    """Record reports made within this context into ``observation``.

    It uses the current reporter (so its observer names apply), or a fresh one when
    no reporter is active.
    """
    stack = _stack()
    with (stack[-1] if stack else Reporter()).scope(observation):
        yield


def _to_float(value):
    if isinstance(value, core.Variable):
        value = value.array
    if hasattr(value, 'get') and not isinstance(value, numpy.ndarray):
        value = value.get()
    return value


def _is_numeric_scalar(value):
    if isinstance(value, (numbers.Number, numpy.number)):
        return True
    return getattr(value, 'ndim', None) == 0 and getattr(value, 'dtype', None) is not None \
        and value.dtype.kind in 'biufc'


class Summary:
    """Online mean and standard deviation of a scalar series (weighted)."""

    def __init__(self):
        self._x = 0.0
        self._x2 = 0.0
        self._n = 0.0

    def add(self, value, weight=1):
        value = _to_float(value)
        self._x += weight * value
        self._x2 += weight * value * value
        self._n += weight

    def compute_mean(self):
        return self._x / self._n

    def make_statistics(self):
        mean = self._x / self._n
        var = self._x2 / self._n - mean * mean
        return mean, numpy.sqrt(numpy.maximum(var, 0))

    def serialize(self, serializer):
        try:
            self._x = serializer('_x', self._x)
            self._x2 = serializer('_x2', self._x2)
            self._n = serializer('_n', self._n)
        except KeyError:
            warnings.warn('the serialized Summary is incomplete; it was reset', stacklevel=2)


class DictSummary:
    """Summaries of several series keyed by name; non-numeric values are ignored."""

    def __init__(self):
        self._summaries = collections.defaultdict(Summary)

    def add(self, d):
        for key, value in d.items():
            weight = 1
            if isinstance(value, tuple):
                value, weight = value
                weight = _to_float(weight)
                if not _is_numeric_scalar(weight):
                    raise ValueError('DictSummary.add: the weight given to {} is not a scalar'
                                     .format(key))
            value = _to_float(value)
            if _is_numeric_scalar(value):
                self._summaries[key].add(value, weight=weight)

    def compute_mean(self):
        return {k: s.compute_mean() for k, s in self._summaries.items()}

    def make_statistics(self):
        stats = {}
        for key, summary in self._summaries.items():
            mean, std = summary.make_statistics()
            stats[key] = mean
            stats[key + '.std'] = std
        return stats

    def serialize(self, serializer):
        """Saves or loads the summaries; the names are stored as a JSON list (as Chainer does)."""
        if isinstance(serializer, _serializer_base()):
            names = list(self._summaries)
            serializer('_names', json.dumps(names))
            for i, name in enumerate(names):
                self._summaries[name].serialize(serializer['_summaries'][str(i)])
            return
        try:
            stored = serializer('_names', '')
        except KeyError:
            warnings.warn('the serialized DictSummary has no names; it was reset', stacklevel=2)
            self._summaries.clear()
            return
        names = _decode_names(stored)
        if names is None:
            return  # nothing stored (a non-strict load of a file without it): kept as is
        self._summaries.clear()
        for i, name in enumerate(names):
            self._summaries[name].serialize(serializer['_summaries'][str(i)])


def _decode_names(stored):
    """The summary names from a JSON string (or an older array of names); None if empty."""
    if isinstance(stored, numpy.ndarray):
        if stored.ndim:
            return [x.decode() if isinstance(x, bytes) else str(x) for x in stored.tolist()]
        stored = stored.item()
    if isinstance(stored, bytes):
        stored = stored.decode()
    if not stored:
        return None
    try:
        names = json.loads(stored)
    except ValueError as e:
        raise ValueError('DictSummary: the stored names are not valid JSON ({})'.format(e)) \
            from e
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError('DictSummary: the stored names must be a JSON list of strings, '
                         'got {!r}'.format(stored))
    return names


def _serializer_base():
    from kusari import serializer
    return serializer.Serializer
