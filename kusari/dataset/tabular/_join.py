"""The columns of several tabular datasets side by side (``TabularDataset.join``)."""

import bisect
import itertools

from kusari.dataset.tabular import tabular_dataset

_CALLER = 'TabularDataset.join'


class _Join(tabular_dataset.TabularDataset):

    def __init__(self, *datasets):
        tabular_dataset._check_datasets(datasets, _CALLER)
        length = len(datasets[0])
        seen = set()
        for position, dataset in enumerate(datasets):
            if len(dataset) != length:
                raise ValueError('{}: all datasets must have the same length; dataset {} '
                                 'has {} rows, the first {}'.format(
                                     _CALLER, position, len(dataset), length))
            repeated = seen.intersection(dataset.keys)
            if repeated:
                raise ValueError('{}: keys must be unique among all datasets; dataset {} '
                                 'repeats {}'.format(_CALLER, position, sorted(repeated)))
            seen.update(dataset.keys)
        self._datasets = datasets

    def __len__(self):
        return len(self._datasets[0])

    @property
    def keys(self):
        return tuple(key for dataset in self._datasets for key in dataset.keys)

    @property
    def mode(self):
        return next((dataset.mode for dataset in self._datasets if dataset.mode), tuple)

    def convert(self, data):
        return self._datasets[0].convert(data)

    def get_examples(self, indices, key_indices):
        if key_indices is None:
            return tuple(column for dataset in self._datasets
                         for column in dataset.get_examples(indices, None))
        ends = list(itertools.accumulate(len(dataset.keys) for dataset in self._datasets))
        requests = [[] for _ in self._datasets]  # the columns asked of each dataset
        owners = []  # (dataset, its column) of each requested column
        for key_index in key_indices:
            if not 0 <= key_index < ends[-1]:
                raise IndexError('{}: key index {} is out of bounds for {} keys'
                                 .format(_CALLER, key_index, ends[-1]))
            owner = bisect.bisect_right(ends, key_index)
            column = key_index - ends[owner] + len(self._datasets[owner].keys)
            if column not in requests[owner]:
                requests[owner].append(column)
            owners.append((owner, column))
        columns = {}
        for owner, (dataset, request) in enumerate(zip(self._datasets, requests)):
            if request:
                examples = dataset.get_examples(indices, tuple(request))
                columns.update(((owner, column), values)
                               for column, values in zip(request, examples))
        return tuple(columns[owner] for owner in owners)
