"""_View: a tabular dataset that passes everything on to one underlying dataset."""

from kusari.dataset.tabular import tabular_dataset


class _View(tabular_dataset.TabularDataset):
    """Base of the views; each overrides only what it changes."""

    def __init__(self, dataset):
        self._dataset = dataset

    def __len__(self):
        return len(self._dataset)

    @property
    def keys(self):
        return self._dataset.keys

    @property
    def mode(self):
        return self._dataset.mode

    def get_examples(self, indices, key_indices):
        return self._dataset.get_examples(indices, key_indices)

    def convert(self, data):
        return self._dataset.convert(data)
