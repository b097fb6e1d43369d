"""Tabular datasets under random compositions and bad requests: no row or value is lost,
mixed up or duplicated, and a refused request changes nothing.

Each case builds a random chain of views (slices with every kind of index, concat, join,
transform, transform_batch, astuple/asdict) over small tables whose every value is unique,
and compares each view with a plain-Python model of its rows. Examples: a fixed sample by
default; ``KUSARI_HYPOTHESIS_PROFILE=full`` for many more with fresh seeds.
"""

import itertools
import os

import numpy
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.dataset.tabular.table import Table

_FULL = os.environ.get('KUSARI_HYPOTHESIS_PROFILE') == 'full'
# No shrinking: a failure is reported with its draws at once (shrinking these long chains
# of draws takes minutes).
SETTINGS = settings(max_examples=3000 if _FULL else 120, derandomize=not _FULL,
                    deadline=None, database=None,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MODES = st.sampled_from([tuple, dict, None])


class Model:
    """What a view must hold: its rows (tuples of values in key order), keys and mode."""

    def __init__(self, rows, keys, mode):
        self.rows, self.keys, self.mode = rows, tuple(keys), mode

    def example(self, row):
        if self.mode is dict:
            return dict(zip(self.keys, row))
        return row[0] if self.mode is None else tuple(row)


class Builder:
    def __init__(self, draw):
        self.draw = draw
        self.names = ('k{}'.format(n) for n in itertools.count())
        self.offsets = itertools.count(1000, 1000)  # every table's values are its own

    def table(self, keys=None, n_rows=None):
        if n_rows is None:
            n_rows = self.draw(st.sampled_from([5, 0, 1, 8, 3]))
        if keys is None:
            keys = tuple(next(self.names) for _ in range(self.draw(st.integers(1, 3))))
        mode = self.draw(MODES) if len(keys) == 1 else self.draw(st.sampled_from([tuple, dict]))
        table = Table(n_rows=n_rows, keys=keys, mode=mode, arrays=self.draw(st.booleans()),
                      offset=next(self.offsets))
        return table, Model([tuple(int(v) for v in row) for row in table.data.T.tolist()],
                            keys, mode)

    def rows(self, length):
        kind = self.draw(st.sampled_from(['slice', 'list', 'array', 'mask']))
        if kind == 'slice':
            bound = st.one_of(st.none(), st.integers(-length - 2, length + 2))
            step = st.sampled_from([None, -1, 2, -2, 1, -3, 3])
            return slice(self.draw(bound), self.draw(bound), self.draw(step))
        if kind == 'mask':
            return self.draw(st.lists(st.booleans(), min_size=length, max_size=length))
        if length == 0:
            return []
        rows = self.draw(st.lists(st.integers(-length, length - 1), max_size=6))
        return numpy.array(rows, dtype=numpy.int32) if kind == 'array' else rows

    def keys(self, model):
        n_keys = len(model.keys)
        key = st.one_of(st.integers(-n_keys, n_keys - 1),
                        st.sampled_from(model.keys)) if n_keys else st.nothing()
        kind = self.draw(st.sampled_from(['none', 'one', 'tuple'] if n_keys else ['none']))
        if kind == 'none':
            return None
        if kind == 'one':
            return self.draw(key)
        return tuple(self.draw(st.lists(key, max_size=3)))

    def view(self, dataset, model):
        """A random view of ``dataset`` and its model."""
        operation = self.draw(st.sampled_from(
            ['slice', 'concat', 'slice', 'join', 'transform', 'slice', 'transform_batch',
             'concat', 'astuple', 'asdict']))
        if operation == 'slice':
            rows, keys = self.rows(len(model.rows)), self.keys(model)
            view = dataset.slice[rows] if keys is None else dataset.slice[rows, keys]
            selected = _python_rows(rows, len(model.rows))
            if keys is None:
                return view, Model([model.rows[i] for i in selected], model.keys, model.mode)
            single = not isinstance(keys, tuple)
            columns = [_column_index(key, model.keys) for key in ((keys,) if single else keys)]
            return view, Model([tuple(model.rows[i][c] for c in columns) for i in selected],
                               [model.keys[c] for c in columns],
                               None if single else model.mode or tuple)
        if operation == 'concat':
            other, other_model = self.table(model.keys)
            return dataset.concat(other), Model(model.rows + other_model.rows, model.keys,
                                                model.mode)
        if operation == 'join':
            other, other_model = self.table(n_rows=len(model.rows))
            mode = next((m for m in (model.mode, other_model.mode) if m), tuple)
            return dataset.join(other), Model(
                [a + b for a, b in zip(model.rows, other_model.rows)],
                model.keys + other_model.keys, mode)
        if operation in ('transform', 'transform_batch'):
            # The mode of a transform is learned from its first row (none: an error, tested
            # in tests/dataset/tabular); a batch of no columns cannot tell its length.
            if model.rows and (model.keys or operation == 'transform'):
                return self.transform(dataset, model, operation == 'transform_batch')
            operation = 'astuple'
        mode = tuple if operation == 'astuple' else dict
        return getattr(dataset, operation)(), Model(model.rows, model.keys, mode)

    def transform(self, dataset, model, batch):
        out_mode = self.draw(MODES)
        keys = (next(self.names),) if out_mode is None else (next(self.names), next(self.names))
        in_keys = model.keys

        def per_row(values):  # 1 + the sum of the values, and the first value
            total, first = 1 + sum(values), values[0] if values else -1
            if out_mode is tuple:
                return total, first
            return {keys[0]: total, keys[1]: first} if out_mode is dict else total

        def arguments(args, kwargs):
            return args if model.mode is not dict else tuple(kwargs[k] for k in in_keys)

        if batch:
            def function(*args, **kwargs):
                results = [per_row(values) for values in zip(*arguments(args, kwargs))]
                if out_mode is dict:
                    return {key: [r[key] for r in results] for key in keys}
                if out_mode is tuple:
                    return tuple([r[i] for r in results] for i in range(2))
                return numpy.array(results, dtype=numpy.int64)
            view = dataset.transform_batch(keys if out_mode else keys[0], function)
        else:
            def function(*args, **kwargs):
                return per_row(tuple(int(v) for v in arguments(args, kwargs)))
            view = dataset.transform(keys if out_mode else keys[0], function)
        rows = []
        for row in model.rows:
            result = per_row(row)
            rows.append(tuple(result[k] for k in keys) if out_mode is dict
                        else result if out_mode is tuple else (result,))
        return view, Model(rows, keys, out_mode)


def _python_rows(rows, length):
    """The rows Python's own indexing selects (a mask: where it is True)."""
    if isinstance(rows, slice):
        return list(range(length))[rows]
    if len(rows) and all(isinstance(r, bool) for r in rows):
        return [i for i, chosen in enumerate(rows) if chosen]
    return [list(range(length))[int(r)] for r in rows]


def _column_index(key, keys):
    return keys.index(key) if isinstance(key, str) else int(key) % len(keys)


def _as_values(value):
    return [int(v) for v in value]


def check(dataset, model, draw):
    assert len(dataset) == len(model.rows)
    assert dataset.keys == model.keys
    assert dataset.mode is model.mode
    columns = [list(column) for column in zip(*model.rows)] or [[] for _ in model.keys]
    fetched = dataset.fetch()
    if model.mode is dict:
        assert {k: _as_values(v) for k, v in fetched.items()} == dict(zip(model.keys, columns))
    elif model.mode is None:
        assert _as_values(fetched) == columns[0]
    else:
        assert [_as_values(column) for column in fetched] == columns
    for i in range(-len(model.rows), len(model.rows)):
        assert dataset[i] == model.example(model.rows[i])
    # Rows and columns requested the way views request them.
    length, n_keys = len(model.rows), len(model.keys)
    indices = draw(st.one_of(
        st.none(),
        st.builds(slice, st.none() | st.integers(-length - 2, length + 2),
                  st.none() | st.integers(-length - 2, length + 2),
                  st.sampled_from([None, -1, 2, -2, 1, -3])),
        st.lists(st.integers(0, length - 1), max_size=5) if length else st.just([])))
    key_indices = draw(st.none() | st.lists(st.integers(0, n_keys - 1), max_size=4)
                       .map(tuple)) if n_keys else None
    selected = _python_rows(indices, length) if indices is not None else range(length)
    wanted = range(n_keys) if key_indices is None else key_indices
    output = dataset.get_examples(indices, key_indices)
    assert [_as_values(column) for column in output] == [
        [model.rows[i][k] for i in selected] for k in wanted]


def check_refusals(dataset, model):
    """Bad rows and keys raise clear errors, and the view is unchanged afterwards."""
    length = len(model.rows)
    with pytest.raises(IndexError, match='out of bounds'):
        dataset.slice[[0, length]]
    with pytest.raises(IndexError, match='out of bounds'):
        dataset[length]
    with pytest.raises(ValueError, match='booleans for a dataset of'):
        dataset.slice[[True] * (length + 1)]
    with pytest.raises(KeyError, match='is not one of the keys'):
        dataset.slice[:, 'no such key']
    with pytest.raises(ValueError, match='same keys'):
        dataset.concat(Table(keys=model.keys + ('extra',)))
    with pytest.raises(ValueError, match='same length'):
        dataset.join(Table(n_rows=length + 1, keys=('fresh',)))


@SETTINGS
@given(st.data())
def test_random_views_keep_every_row(data):
    builder = Builder(data.draw)
    dataset, model = builder.table()
    for _ in range(data.draw(st.integers(1, 5))):
        dataset, model = builder.view(dataset, model)
    check(dataset, model, data.draw)
    check_refusals(dataset, model)
    check(dataset, model, data.draw)
