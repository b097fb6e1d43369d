"""ConcatenatedDataset: datasets read one after another."""

import bisect
import itertools

from kusari.dataset import dataset_mixin


class ConcatenatedDataset(dataset_mixin.DatasetMixin):
    """Dataset made of the examples of several datasets, one dataset after another.

    With datasets ``a`` and ``b``, the examples are ``a[0], ..., a[-1], b[0], ...``.

    Args:
        datasets: The datasets to concatenate.
    """

    def __init__(self, *datasets):
        self._datasets = datasets
        # _ends[k] is the index one past the last example of datasets[k].
        self._ends = list(itertools.accumulate(len(dataset) for dataset in datasets))

    def __len__(self):
        return self._ends[-1] if self._ends else 0

    def get_example(self, i):
        length = len(self)
        if i < 0:
            i += length
        if not 0 <= i < length:
            raise IndexError('ConcatenatedDataset: index {} is out of range for a dataset '
                             'of {} examples'.format(i, length))
        k = bisect.bisect_right(self._ends, i)
        start = self._ends[k - 1] if k > 0 else 0
        return self._datasets[k][i - start]
