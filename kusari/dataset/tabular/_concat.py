"""The rows of several tabular datasets one after another (``TabularDataset.concat``)."""

import bisect
import itertools

from kusari.dataset.tabular import _rows
from kusari.dataset.tabular import tabular_dataset

_CALLER = 'TabularDataset.concat'


class _Concat(tabular_dataset.TabularDataset):

    def __init__(self, *datasets):
        tabular_dataset._check_datasets(datasets, _CALLER)
        keys = datasets[0].keys
        for position, dataset in enumerate(datasets[1:], 1):
            if dataset.keys != keys:
                raise ValueError('{}: all datasets must have the same keys; dataset {} has '
                                 '{}, the first {}'.format(_CALLER, position, dataset.keys,
                                                           keys))
        self._datasets = datasets

    def __len__(self):
        return sum(len(dataset) for dataset in self._datasets)

    @property
    def keys(self):
        return self._datasets[0].keys

    @property
    def mode(self):
        return self._datasets[0].mode

    def convert(self, data):
        return self._datasets[0].convert(data)

    def get_examples(self, indices, key_indices):
        n_columns = len(self.keys) if key_indices is None else len(key_indices)
        if indices is None:
            parts = [dataset.get_examples(None, key_indices) for dataset in self._datasets]
        elif isinstance(indices, slice):
            parts = self._slice_parts(indices, key_indices)
        else:
            return self._gather(indices, key_indices, n_columns)
        if len(parts) == 1:  # one dataset's columns as they are (arrays stay arrays)
            return parts[0]
        return tuple([value for part in parts for value in part[column]]
                     for column in range(n_columns))

    def _slice_parts(self, indices, key_indices):
        """Each dataset's share of the rows ``indices`` selects, in the slice's order."""
        start, stop, step = indices.indices(len(self))
        parts = []
        offset = 0
        for dataset in self._datasets:
            local = _local_slice(start - offset, stop - offset, step, len(dataset))
            if local is not None:
                parts.append(dataset.get_examples(local, key_indices))
            offset += len(dataset)
        if step < 0:
            parts.reverse()
        return parts

    def _gather(self, indices, key_indices, n_columns):
        """The rows ``indices`` (a list), each asked of the dataset that holds it."""
        ends = list(itertools.accumulate(len(dataset) for dataset in self._datasets))
        length = ends[-1]
        requests = [[] for _ in self._datasets]  # the rows asked of each dataset
        placement = []  # (dataset, position in its request) of each requested row
        for index in indices:
            row = _rows.check_row(index, length, _CALLER)
            owner = bisect.bisect_right(ends, row)
            placement.append((owner, len(requests[owner])))
            requests[owner].append(row - ends[owner] + len(self._datasets[owner]))
        parts = {owner: dataset.get_examples(request, key_indices)
                 for owner, (dataset, request) in enumerate(zip(self._datasets, requests))
                 if request}
        if len(parts) == 1:
            return next(iter(parts.values()))
        return tuple([parts[owner][column][position] for owner, position in placement]
                     for column in range(n_columns))


def _local_slice(start, stop, step, length):
    """The rows of ``range(start, stop, step)`` in ``[0, length)`` as a slice, or None.

    The slice starts at the first such row and stops where the range stops, clipped to
    the dataset.
    """
    if step > 0:
        if start < 0:
            start %= step  # the first row >= 0 on the stride
        stop = min(stop, length)
    else:
        if start >= length:
            start = length - 1 - (length - 1 - start) % -step  # the last row < length
        stop = max(stop, -1)
    if not range(start, stop, step):
        return None
    return slice(start, None if stop < 0 else stop, step)
