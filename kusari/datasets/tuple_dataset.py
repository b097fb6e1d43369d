"""TupleDataset: several equal-length datasets zipped into tuples."""

import numpy


class TupleDataset:
    """Dataset of tuples made from several datasets of the same length.

    The ``i``-th example is ``(datasets[0][i], datasets[1][i], ...)``. Indexing with a
    slice, list or integer array returns a list of such tuples.

    Args:
        datasets: The underlying datasets (arrays, lists or dataset objects); all must
            have the same length.
    """

    def __init__(self, *datasets):
        if not datasets:
            raise ValueError('TupleDataset: no datasets are given')
        length = len(datasets[0])
        for i, dataset in enumerate(datasets[1:], 1):
            if len(dataset) != length:
                raise ValueError(
                    'TupleDataset: all datasets must have the same length, but dataset 0 '
                    'has length {} and dataset {} has length {}'.format(
                        length, i, len(dataset)))
        self._datasets = datasets
        self._length = length

    def __getitem__(self, index):
        batches = [dataset[index] for dataset in self._datasets]
        if isinstance(index, (slice, list, numpy.ndarray)):
            return list(zip(*batches))
        return tuple(batches)

    def __len__(self):
        return self._length
