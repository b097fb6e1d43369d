"""PickleDataset: random access to a sequence of pickled objects in one file.

Reading a pickle can run arbitrary code: open only files you (or someone you trust)
wrote, e.g. with :class:`PickleDatasetWriter`.
"""

import io
import os
import pickle
import threading
import weakref

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

    The constructor scans the file from its start once to record where each pickle
    starts; examples are unpickled on access. Pickles run code when loaded: use only
    trusted files. The dataset can be pickled (e.g. sent to worker processes), and in a
    forked child process it calls the reader's ``after_fork()`` if it has one (the
    reader of :func:`open_pickle_dataset` then reopens the file, so that parent and
    child do not share a file position).

    Args:
        reader: A seekable file object opened for binary reading.
    """

    def __init__(self, reader):
        if not reader.seekable():
            raise ValueError('PickleDataset: the reader must support random access (seek)')
        self._reader = reader
        self._positions = []
        reader.seek(0)
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)
        self._start()

    def _start(self):
        self._lock = threading.RLock()
        _call_after_fork(self, PickleDataset._after_fork)

    def _after_fork(self):
        after_fork = getattr(self._reader, 'after_fork', None)
        if callable(after_fork):
            after_fork()

    def __getstate__(self):
        state = self.__dict__.copy()
        del state['_lock']
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._start()

    def close(self):
        """Closes the underlying file."""
        with self._lock:
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


def _call_after_fork(obj, method):
    """Calls ``method(obj)`` in every child process forked while ``obj`` lives."""
    ref = weakref.ref(obj)

    def in_child():
        alive = ref()
        if alive is not None:
            method(alive)

    os.register_at_fork(after_in_child=in_child)


class _FileReader(io.RawIOBase):
    """A binary file that reopens itself in a forked child (``after_fork``) and when
    unpickled, so that no two processes share a file position."""

    def __init__(self, path):
        super().__init__()
        self._path = path
        self._open()

    def _open(self):
        self._fp = open(self._path, 'rb')

    def after_fork(self):
        self._fp.close()
        self._open()

    def __getstate__(self):
        return {'_path': self._path}

    def __setstate__(self, state):
        self._path = state['_path']
        self._open()

    def close(self):
        self._fp.close()

    def fileno(self):
        return self._fp.fileno()

    def readable(self):
        return True

    def seekable(self):
        return self._fp.seekable()

    def seek(self, offset, whence=io.SEEK_SET):
        return self._fp.seek(offset, whence)

    def tell(self):
        return self._fp.tell()

    def read(self, size=-1):
        return self._fp.read(size)

    def readline(self, size=-1):
        return self._fp.readline(size)

    def readinto(self, buffer):
        return self._fp.readinto(buffer)


def open_pickle_dataset(path):
    """Opens the pickle file at ``path`` as a :class:`PickleDataset`.

    Args:
        path (str): The file written by a :class:`PickleDatasetWriter`.

    Returns:
        PickleDataset: The dataset (use it as a context manager to close the file).
    """
    return PickleDataset(_FileReader(path))


def open_pickle_dataset_writer(path, protocol=pickle.HIGHEST_PROTOCOL):
    """Opens ``path`` for writing as a :class:`PickleDatasetWriter`.

    Args:
        path (str): The file to create (overwritten if it exists).
        protocol (int): The pickle protocol.

    Returns:
        PickleDatasetWriter: The writer (use it as a context manager to close the file).
    """
    return PickleDatasetWriter(open(path, 'wb'), protocol=protocol)
