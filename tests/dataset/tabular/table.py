"""Table: a small tabular dataset over a 2-d array, recording what it is asked for."""

import numpy

from kusari.dataset import TabularDataset


class Table(TabularDataset):
    """Column ``k`` of row ``i`` is ``100 * k + i`` (plus ``offset``)."""

    def __init__(self, n_rows=10, keys=('a', 'b', 'c'), mode=tuple, arrays=False, offset=0):
        self.data = (100 * numpy.arange(len(keys))[:, None] + numpy.arange(n_rows)
                     + offset)
        self._keys = keys
        self._mode = mode
        self._arrays = arrays
        self.requests = []

    def __len__(self):
        return self.data.shape[1]

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        return self._mode

    def get_examples(self, indices, key_indices):
        self.requests.append((indices, key_indices))
        data = self.data
        if indices is not None:
            data = data[:, indices]
        if key_indices is not None:
            data = data[list(key_indices)]
        return tuple(data) if self._arrays else tuple(row.tolist() for row in data)


def columns(output):
    """The columns of a get_examples result as plain lists, to compare."""
    return [list(numpy.asarray(column).tolist()) for column in output]
