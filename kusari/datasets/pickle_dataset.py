"""PickleDataset: random access to a sequence of pickled objects in one file.

Reading a pickle can run arbitrary code: open only files you (or someone you trust)
wrote, e.g. with :class:`PickleDatasetWriter`.
"""

import pickle
import threading

from kusari.dataset import dataset_mixin


class PickleDatasetWriter:
    """Writes examples one after another as pickles to a binary file.

    Args:
        writer: A file object opened for binary writing.
        protocol (int): The pickle protocol.
    """

    def __init__(self, writer, protocol=pickle.HIGHEST_PROTOCOL):
        self._writer = writer
        self._protocol = protocol

    def write(self, x):
        """Appends the example ``x``."""
        pickle.dump(x, self._writer, protocol=self._protocol)

    def flush(self):
        self._writer.flush()

    def close(self):
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()


class PickleDataset(dataset_mixin.DatasetMixin):
    """Dataset of the pickles stored one after another in a binary file.

    The constructor scans the file once to record where each pickle starts; examples
    are unpickled on access. Pickles run code when loaded: use only trusted files.

    Args:
        reader: A file object opened for binary reading, positioned at the start.
    """

    def __init__(self, reader):
        self._reader = reader
        self._lock = threading.Lock()
        self._positions = []
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)

    def close(self):
        """Closes the underlying file."""
        self._reader.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __len__(self):
        return len(self._positions)

    def get_example(self, index):
        with self._lock:
            self._reader.seek(self._positions[index])
            return pickle.load(self._reader)


def open_pickle_dataset(path):
    """Opens the pickle file at ``path`` as a :class:`PickleDataset`.

    Args:
        path (str): The file written by a :class:`PickleDatasetWriter`.

    Returns:
        PickleDataset: The dataset (use it as a context manager to close the file).
    """
    return PickleDataset(open(path, 'rb'))


def open_pickle_dataset_writer(path, protocol=pickle.HIGHEST_PROTOCOL):
    """Opens ``path`` for writing as a :class:`PickleDatasetWriter`.

    Args:
        path (str): The file to create (overwritten if it exists).
        protocol (int): The pickle protocol.

    Returns:
        PickleDatasetWriter: The writer (use it as a context manager to close the file).
    """
    return PickleDatasetWriter(open(path, 'wb'), protocol=protocol)
