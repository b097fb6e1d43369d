"""from_data: a tabular dataset over lists, arrays and functions of the row number."""

import numbers

from kusari import backend
from kusari.dataset.tabular import tabular_dataset


def from_data(data, *, size=None):
    """A :class:`~kusari.dataset.TabularDataset` over lists, arrays and callables.

    >>> from kusari.dataset import tabular
    >>> tabular.from_data([0, 1, 2])[0]
    0
    >>> tabular.from_data(([0, 1, 2], [3, 4, 5]))[0]
    (0, 3)
    >>> dataset = tabular.from_data((('a', [0, 1, 2]), ('b', [3, 4, 5])))
    >>> dataset.keys
    ('a', 'b')
    >>> sorted(tabular.from_data({'a': [0, 1, 2], 'b': [3, 4, 5]})[0].items())
    [('a', 0), ('b', 3)]
    >>> tabular.from_data(('a', lambda i: i * i), size=10)[5]
    25

    Args:
        data: One column or several. A column is a list or an array, optionally named as
            ``(key, column)``, or a function of the row number named as ``(key,
            function)``, or ``((key, ...), function)`` for a function that returns a
            tuple or dict of several columns' values. Several columns are a tuple of
            them (examples are tuples) or a dict ``{key or (key, ...): column}``
            (examples are dicts). Unnamed columns get unique generated keys.
        size (int): The number of rows; needed when no column is a list or an array.

    Returns:
        A :class:`~kusari.dataset.TabularDataset`; with one column, its examples are the
        values themselves.
    """
    if size is not None and not (isinstance(size, numbers.Integral) and size >= 0):
        raise ValueError('from_data: size must be a non-negative integer, got {!r}'
                         .format(size))
    if isinstance(data, tuple) and _is_named(data):
        return _make_dataset(*data, size)
    if isinstance(data, tuple):
        named = [column if _is_named(column) else (None, column) for column in data]
    elif isinstance(data, dict):
        named = list(data.items())
    else:
        return _make_dataset(None, data, size)
    if not named:
        raise ValueError('from_data: data must have at least one column')
    if size is None:
        size = next((len(column) for _, column in named if _is_sequence(column)), None)
    datasets = [_make_dataset(key, column, size) for key, column in named]
    joined = datasets[0].join(*datasets[1:])
    return joined.astuple() if isinstance(data, tuple) else joined.asdict()


def _is_named(column):
    """Whether ``column`` is ``(key, data)`` or ``((key, ...), data)``."""
    if not (isinstance(column, tuple) and len(column) == 2):
        return False
    key = column[0]
    return isinstance(key, str) or (
        isinstance(key, tuple) and all(isinstance(name, str) for name in key))


def _is_sequence(column):
    return isinstance(column, list) or backend.is_array_supported(column)


def _make_dataset(key, column, size):
    if _is_sequence(column):
        if isinstance(key, tuple):
            raise TypeError('from_data: the keys {} need a function that returns their '
                            'values, got a {}'.format(key, type(column).__name__))
        if getattr(column, 'ndim', 1) == 0:
            raise TypeError('from_data: a column must have rows, got a 0-d array')
        if size is not None and len(column) != size:
            name = 'an unnamed column' if key is None else 'column {!r}'.format(key)
            raise ValueError('from_data: {} has {} rows, expected {}'
                             .format(name, len(column), size))
        if key is None:
            key = '_{}'.format(id(column))
        return _Column(key, column)
    if callable(column):
        if key is None:
            raise ValueError('from_data: a function needs its key(s): (key, function)')
        if size is None:
            raise ValueError('from_data: size must be given when no column is a list or '
                             'an array')
        return _Index(size).transform(key, column)
    raise TypeError('from_data: a column must be a list, an array or a function, got {}'
                    .format(type(column).__name__))


class _Column(tabular_dataset.TabularDataset):
    """One column over a list or an array."""

    def __init__(self, key, data):
        self._key = key
        self._data = data

    def __len__(self):
        return len(self._data)

    @property
    def keys(self):
        return self._key,

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        data = self._data
        if indices is None:
            column = data
        elif isinstance(indices, slice) or not isinstance(data, list):
            column = data[indices]  # arrays take a list of rows too
        else:
            column = [data[index] for index in indices]
        return (column,) * (1 if key_indices is None else len(key_indices))


class _Index(tabular_dataset.TabularDataset):
    """One column, ``index``, whose values are the row numbers."""

    def __init__(self, size):
        self._size = size

    def __len__(self):
        return self._size

    @property
    def keys(self):
        return 'index',

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        rows = range(self._size)
        if indices is None:
            column = list(rows)
        elif isinstance(indices, slice):
            column = list(rows[indices])
        else:
            column = [rows[index] for index in indices]
        return (column,) * (1 if key_indices is None else len(key_indices))
