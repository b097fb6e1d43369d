"""TabularDataset: a dataset of rows that all have the same named columns."""

from kusari import backend
from kusari.dataset import dataset_mixin
from kusari.dataset.tabular import _rows


class TabularDataset(dataset_mixin.DatasetMixin):
    """Abstract dataset whose examples all have the same columns (``keys``).

    An example is a tuple ``(a[i], b[i], c[i])``, a dict ``{'a': a[i], ...}`` or, for a
    single column, the value ``a[i]``: :attr:`mode` says which (``tuple``, ``dict`` or
    ``None``). A subclass implements :meth:`__len__`, :attr:`keys`, :attr:`mode` and
    :meth:`get_examples`; everything else (views by :attr:`slice`, :meth:`concat`,
    :meth:`join`, :meth:`transform`, ...) is built on those and never copies the data.
    """

    def __len__(self):
        raise NotImplementedError(
            '{} must implement __len__'.format(type(self).__name__))

    @property
    def keys(self):
        """Names of the columns, a tuple of strings."""
        raise NotImplementedError(
            '{} must implement keys'.format(type(self).__name__))

    @property
    def mode(self):
        """The type of an example: ``tuple``, ``dict`` or ``None`` (a single value)."""
        raise NotImplementedError(
            '{} must implement mode'.format(type(self).__name__))

    def get_examples(self, indices, key_indices):
        """A part of the data, column by column.

        Args:
            indices (list of ints or slice): The rows; ``None`` means all rows.
            key_indices (tuple of ints): The columns; ``None`` means all columns.

        Returns:
            A tuple with one list or array per requested column.
        """
        raise NotImplementedError(
            '{} must implement get_examples'.format(type(self).__name__))

    @property
    def slice(self):
        """A view of some rows and columns: ``dataset.slice[rows, keys]``.

        ``rows`` is a slice or a list/array of ints or of booleans (one per row);
        ``keys`` (optional) is a key name or column index, which gives a view of mode
        ``None``, or a tuple of them.
        """
        from kusari.dataset.tabular import _slice
        return _slice._SliceHelper(self)

    def fetch(self):
        """All the data, column by column.

        Returns:
            A tuple of lists/arrays (mode ``tuple``), a dict of them keyed by column name
            (mode ``dict``) or the only column (mode ``None``).
        """
        return self._as_mode(self.get_examples(None, None))

    def convert(self, data):
        """Turns data from :meth:`fetch` into arrays, one per column.

        :meth:`with_converter` replaces this conversion; datasets built by
        :meth:`concat` or :meth:`join` use the first dataset's.

        Args:
            data (tuple, dict, list or array): Data returned by :meth:`fetch`.

        Returns:
            The same structure with each column an array.
        """
        if isinstance(data, tuple):
            return tuple(_as_array(column) for column in data)
        if isinstance(data, dict):
            return {key: _as_array(column) for key, column in data.items()}
        return _as_array(data)

    def astuple(self):
        """A view of this dataset whose :attr:`mode` is ``tuple``."""
        from kusari.dataset.tabular import _asmode
        return _asmode._Astuple(self)

    def asdict(self):
        """A view of this dataset whose :attr:`mode` is ``dict``."""
        from kusari.dataset.tabular import _asmode
        return _asmode._Asdict(self)

    def concat(self, *datasets):
        """Rows of this dataset followed by the rows of ``datasets``.

        Args:
            datasets (TabularDataset): Datasets with the same :attr:`keys` as this one.

        Returns:
            A view with all the rows.
        """
        from kusari.dataset.tabular import _concat
        return _concat._Concat(self, *datasets)

    def join(self, *datasets):
        """Columns of this dataset followed by the columns of ``datasets``.

        Args:
            datasets (TabularDataset): Datasets of the same length as this one, with
                keys of their own.

        Returns:
            A view with all the columns.
        """
        from kusari.dataset.tabular import _join
        return _join._Join(self, *datasets)

    def transform(self, keys, transform):
        """A view that applies ``transform`` to each example.

        Args:
            keys (str or tuple of strs): The names of the transformed columns.
            transform (callable): Takes an example (as positional arguments, or keyword
                arguments in mode ``dict``) and returns the transformed example; the
                type it returns (tuple, dict or a single value) is the view's mode.

        Returns:
            The transformed view.
        """
        from kusari.dataset.tabular import _transform
        return _transform._Transform(self, keys, transform)

    def transform_batch(self, keys, transform_batch):
        """A view that applies ``transform_batch`` to columns of several examples.

        Args:
            keys (str or tuple of strs): The names of the transformed columns.
            transform_batch (callable): Takes the columns of a batch (as positional
                arguments, or keyword arguments in mode ``dict``) and returns the
                transformed columns, each as long as the batch; the type it returns
                (tuple, dict or a single column) is the view's mode.

        Returns:
            The transformed view.
        """
        from kusari.dataset.tabular import _transform
        return _transform._TransformBatch(self, keys, transform_batch)

    def with_converter(self, converter):
        """A view whose :meth:`convert` calls ``converter``.

        Args:
            converter (callable): Receives the fetched columns (as positional arguments,
                or keyword arguments in mode ``dict``) and returns the converted data.

        Returns:
            The view.
        """
        from kusari.dataset.tabular import _with_converter
        return _with_converter._WithConverter(self, converter)

    def get_example(self, i):
        """The ``i``-th example (negative ``i`` counts from the end)."""
        row = _rows.check_row(i, len(self), type(self).__name__ + '.get_example')
        columns = self.get_examples([row], None)
        return self._as_mode(tuple(column[0] for column in columns))

    def __iter__(self):
        return (self.get_example(i) for i in range(len(self)))

    def _as_mode(self, columns):
        """The per-column ``columns`` (a tuple, in key order) arranged as :attr:`mode` says."""
        mode = self.mode
        if mode is tuple:
            return columns
        if mode is dict:
            return dict(zip(self.keys, columns))
        if mode is None:
            return columns[0]
        raise ValueError('{}: mode must be tuple, dict or None, got {!r}'
                         .format(type(self).__name__, mode))


def _as_array(column):
    if backend.is_array_supported(column):
        return column
    # The first value decides the device (the CPU for an empty column).
    device = backend.get_device_from_array(*column[:1])
    with backend.using_device(device):
        return device.xp.asarray(column)


def _check_datasets(datasets, caller):
    """Refuses anything but tabular datasets as the datasets ``caller`` combines."""
    for position, dataset in enumerate(datasets):
        if not isinstance(dataset, TabularDataset):
            raise TypeError('{}: dataset {} must be a TabularDataset, got {}'
                            .format(caller, position, type(dataset).__name__))
