"""DictDataset: several equal-length datasets combined into dicts."""

import numpy


class DictDataset:
    """Dataset of dicts made from named datasets of the same length.

    The ``i``-th example is ``{name: dataset[i] for each keyword argument}``. Indexing
    with a slice, list or integer array returns a list of such dicts.

    Args:
        datasets: The underlying datasets as keyword arguments; all must have the same
            length.
    """

    def __init__(self, **datasets):
        if not datasets:
            raise ValueError('DictDataset: no datasets are given')
        lengths = {key: len(dataset) for key, dataset in datasets.items()}
        first_key = next(iter(lengths))
        for key, length in lengths.items():
            if length != lengths[first_key]:
                raise ValueError(
                    'DictDataset: all datasets must have the same length, but {!r} has '
                    'length {} and {!r} has length {}'.format(
                        first_key, lengths[first_key], key, length))
        self._datasets = datasets
        self._length = lengths[first_key]

    def __getitem__(self, index):
        batches = {key: dataset[index] for key, dataset in self._datasets.items()}
        if isinstance(index, (slice, list, numpy.ndarray)):
            length = len(next(iter(batches.values())))
            return [{key: batch[i] for key, batch in batches.items()} for i in range(length)]
        return batches

    def __len__(self):
        return self._length
