"""DelegateDataset: a base class for tabular datasets built from another one."""

from kusari.dataset.tabular import tabular_dataset


class DelegateDataset(tabular_dataset.TabularDataset):
    """A tabular dataset that serves the rows of ``dataset``.

    Subclass it to give a dataset composed with :func:`from_data`, :meth:`join`,
    :meth:`transform`, ... a class of its own::

        class MyDataset(tabular.DelegateDataset):
            def __init__(self):
                super().__init__(tabular.from_data((('x', xs), ('y', self.label))))

    Its :meth:`convert` is the default one (columns to arrays), not ``dataset``'s.

    Args:
        dataset (TabularDataset): The underlying dataset, kept as ``self.dataset``.
    """

    def __init__(self, dataset):
        self.dataset = dataset

    def __len__(self):
        return len(self.dataset)

    @property
    def keys(self):
        return self.dataset.keys

    @property
    def mode(self):
        return self.dataset.mode

    def get_examples(self, indices, key_indices):
        return self.dataset.get_examples(indices, key_indices)
