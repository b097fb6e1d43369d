"""Views of some rows and columns of a tabular dataset: ``dataset.slice[rows, keys]``."""

import numbers
import operator

import numpy

from kusari.dataset.tabular import _rows
from kusari.dataset.tabular import _view

_CALLER = 'TabularDataset.slice'


class _Slice(_view._View):

    def __init__(self, dataset, indices, keys):
        super().__init__(dataset)
        self._rows = _select_rows(indices, len(dataset))  # a range or a list of rows
        # A single key (not in a tuple) gives examples that are plain values.
        self._single_key = keys is not None and not isinstance(keys, tuple)
        if keys is None:
            self._key_indices = None
        else:
            names = dataset.keys
            self._key_indices = tuple(
                _key_index(key, names) for key in ((keys,) if self._single_key else keys))

    def __len__(self):
        return len(self._rows)

    @property
    def keys(self):
        names = self._dataset.keys
        if self._key_indices is None:
            return names
        return tuple(names[index] for index in self._key_indices)

    @property
    def mode(self):
        if self._key_indices is None:
            return self._dataset.mode
        if self._single_key:
            return None
        return self._dataset.mode or tuple

    def get_examples(self, indices, key_indices):
        if self._key_indices is not None:
            key_indices = self._key_indices if key_indices is None else tuple(
                self._key_indices[index] for index in key_indices)
        return self._dataset.get_examples(self._rows_of(indices), key_indices)

    def _rows_of(self, indices):
        """The underlying dataset's rows for this view's rows ``indices``."""
        rows = self._rows
        if isinstance(indices, slice):
            rows = rows[indices]
        elif indices is not None:
            return [rows[index] for index in indices]
        return _rows.as_slice(rows) if isinstance(rows, range) else list(rows)


class _SliceHelper:
    """``dataset.slice``: indexing it with ``[rows]`` or ``[rows, keys]`` makes a view."""

    def __init__(self, dataset):
        self._dataset = dataset

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            return _Slice(self._dataset, args, None)
        if len(args) != 2:
            raise TypeError('{} takes [rows] or [rows, keys], got {} items'
                            .format(_CALLER, len(args)))
        return _Slice(self._dataset, *args)


def _select_rows(indices, length):
    """The rows a slice or a list/array of ints or booleans selects, checked."""
    if isinstance(indices, slice):
        return range(*indices.indices(length))
    try:
        indices = list(indices)
    except TypeError:
        raise TypeError('{}: rows must be a slice or a list/array of ints or booleans, '
                        'got {}'.format(_CALLER, type(indices).__name__)) from None
    if indices and all(isinstance(index, (bool, numpy.bool_)) for index in indices):
        if len(indices) != length:
            raise ValueError('{}: {} booleans for a dataset of {} rows'
                             .format(_CALLER, len(indices), length))
        return [row for row, chosen in enumerate(indices) if chosen]
    return [_rows.check_row(index, length, _CALLER) for index in indices]


def _key_index(key, names):
    """The column number of ``key``, a key name or a column index, among ``names``."""
    if isinstance(key, numbers.Integral):
        if not -len(names) <= key < len(names):
            raise IndexError('{}: key index {} is out of bounds for the {} keys {}'
                             .format(_CALLER, key, len(names), names))
        return operator.index(key) % len(names)
    try:
        return names.index(key)
    except ValueError:
        raise KeyError('{}: {!r} is not one of the keys {}'
                       .format(_CALLER, key, names)) from None
