"""TransformDataset: a dataset whose examples pass through a function when read."""

from kusari.dataset import dataset_mixin


class TransformDataset(dataset_mixin.DatasetMixin):
    """Dataset that applies ``transform`` to each example of another dataset on access.

    The transform runs every time an example is read, so it may be random (data
    augmentation).

    Args:
        dataset: The underlying dataset.
        transform (callable): Called with one example of ``dataset``; its return value is
            the example of this dataset.
    """

    def __init__(self, dataset, transform):
        self._dataset = dataset
        self._transform = transform

    def __len__(self):
        return len(self._dataset)

    def get_example(self, i):
        return self._transform(self._dataset[i])
