"""Views that pass a tabular dataset's examples through a function.

``transform`` calls it once per example, ``transform_batch`` once per request with whole
columns. The type it returns (tuple, dict or a single value) is the view's mode; it is
learned from the first call and must not change afterwards.
"""

from kusari.dataset.tabular import _rows
from kusari.dataset.tabular import _view

_UNKNOWN = object()  # the mode before the function has run (None is a mode)


class _Transform(_view._View):

    _caller = 'TabularDataset.transform'

    def __init__(self, dataset, keys, function):
        if not callable(function):
            raise TypeError('{}: the transform must be callable, got {}'
                            .format(self._caller, type(function).__name__))
        super().__init__(dataset)
        self._keys = keys if isinstance(keys, tuple) else (keys,)
        self._function = function
        self._mode = _UNKNOWN

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        if self._mode is _UNKNOWN:
            if len(self) == 0:
                raise ValueError('{}: the mode of an empty dataset is unknown (it is the '
                                 'type the transform returns)'.format(self._caller))
            self.get_examples([0], None)
        return self._mode

    def get_examples(self, indices, key_indices):
        columns, mode = self._apply(indices)
        # Learned only once the whole request succeeded: a failing call changes nothing.
        self._mode = mode
        if key_indices is None:
            return tuple(columns)
        return tuple(columns[key_index] for key_index in key_indices)

    def _apply(self, indices):
        """All the output columns (in key order) for the rows ``indices``, and the mode."""
        dataset = self._dataset
        in_columns = dataset.get_examples(indices, None)
        n_rows = _rows.row_count(indices, len(self))
        columns = tuple([] for _ in self._keys)
        mode = self._mode
        if n_rows == 0:  # nothing to call: the input's mode may be unknown yet
            return columns, mode
        in_mode, in_keys = dataset.mode, dataset.keys
        # Without columns, zip would see no rows: each example is then empty.
        examples = zip(*in_columns) if in_columns else [()] * n_rows
        for example in examples:
            result = _call(self._function, in_mode, in_keys, example)
            mode = _checked_mode(result, mode, self._caller)
            for column, value in zip(columns, self._values(result, mode)):
                column.append(value)
        return columns, mode

    def _values(self, result, mode):
        """The values of ``result`` in key order."""
        keys = self._keys
        if mode is dict:
            missing = [key for key in keys if key not in result]
            if missing:
                raise ValueError('{}: the dict returned lacks the keys {}'
                                 .format(self._caller, missing))
            return tuple(result[key] for key in keys)
        values = result if mode is tuple else (result,)
        if len(values) < len(keys):
            raise ValueError('{}: returned {} value(s) for the {} keys {}'
                             .format(self._caller, len(values), len(keys), keys))
        return values[:len(keys)]


class _TransformBatch(_Transform):

    _caller = 'TabularDataset.transform_batch'

    def _apply(self, indices):
        dataset = self._dataset
        result = _call(self._function, dataset.mode, dataset.keys,
                       dataset.get_examples(indices, None))
        mode = _checked_mode(result, self._mode, self._caller)
        columns = self._values(result, mode)
        n_rows = _rows.row_count(indices, len(self))
        for key, column in zip(self._keys, columns):
            length = _length(column)
            if length != n_rows:
                raise ValueError('{}: must not change the length of data; column {!r} has '
                                 '{} rows for {} requested'.format(
                                     self._caller, key, 'no' if length is None else length,
                                     n_rows))
        return columns, mode


def _call(function, mode, keys, values):
    """``function`` applied to ``values``, as keyword arguments in mode ``dict``."""
    if mode is dict:
        return function(**dict(zip(keys, values)))
    return function(*values)


def _checked_mode(result, previous, caller):
    mode = tuple if isinstance(result, tuple) else dict if isinstance(result, dict) else None
    if previous is not _UNKNOWN and mode is not previous:
        raise ValueError('{}: the function must not change its return type ({} after {})'
                         .format(caller, _mode_name(mode), _mode_name(previous)))
    return mode


def _mode_name(mode):
    return 'a single value' if mode is None else 'a ' + mode.__name__


def _length(column):
    """``len(column)``, or None for a value that is not a column (a scalar, a 0-d array)."""
    try:
        return len(column)
    except TypeError:
        return None
