"""DatasetMixin: random access to examples through ``get_example``."""

import numpy


class DatasetMixin:
    """Default ``__getitem__`` for datasets that define ``get_example``.

    A subclass implements ``__len__`` and ``get_example(i)``; indexing with an integer
    returns one example, and indexing with a slice, a list or an integer array returns a
    list of examples.
    """

    def __getitem__(self, index):
        """One example, or a list of examples for a slice, list or array of indices.

        Args:
            index (int, slice, list or numpy.ndarray): Which example(s) to return.

        Returns:
            The example, or a list of the examples.
        """
        if isinstance(index, slice):
            return [self.get_example(i) for i in range(*index.indices(len(self)))]
        if isinstance(index, (list, numpy.ndarray)):
            return [self.get_example(i) for i in index]
        return self.get_example(index)

    def __len__(self):
        """The number of examples."""
        raise NotImplementedError(
            '{} must implement __len__'.format(type(self).__name__))

    def get_example(self, i):
        """Returns the ``i``-th example.

        Args:
            i (int): The index of the example.

        Returns:
            The ``i``-th example.
        """
        raise NotImplementedError(
            '{} must implement get_example'.format(type(self).__name__))
