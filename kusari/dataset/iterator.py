"""Iterator: the interface of dataset iterators."""


class Iterator:
    """Base class of dataset iterators.

    An iterator returns a batch (a list of examples) on each ``next`` call. Iterators
    that loop over the dataset also expose ``epoch``, ``epoch_detail`` and
    ``is_new_epoch``. ``finalize`` releases resources such as worker processes; an
    iterator used as a context manager is finalized on exit.
    """

    def __iter__(self):
        return self

    def __next__(self):
        """Returns the next batch."""
        raise NotImplementedError(
            '{} must implement __next__'.format(type(self).__name__))

    def next(self):
        """Returns the next batch (same as ``__next__``)."""
        return self.__next__()

    def finalize(self):
        """Releases the resources held by the iterator (nothing by default)."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.finalize()

    def serialize(self, serializer):
        """Serializes the iterator's state (nothing by default)."""
