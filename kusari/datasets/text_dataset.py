"""TextDataset: random access to the lines of text files."""

import threading

from kusari.dataset import dataset_mixin


def _per_file(value, n_files, name):
    """``value`` repeated for each file, or the per-file list given."""
    if value is None or isinstance(value, str):
        return [value] * n_files
    value = list(value)
    if len(value) != n_files:
        raise ValueError('TextDataset: {} has {} entries but {} files are given'.format(
            name, len(value), n_files))
    return value


class TextDataset(dataset_mixin.DatasetMixin):
    """Dataset of the lines of one text file, or of parallel lines of several files.

    The constructor reads the files once to record where each line starts; examples are
    then read from disk on access. An example is a line as read (with its line ending);
    with several files it is the tuple of the files' lines at that line number. The
    dataset can be pickled (e.g. sent to worker processes): files are reopened on
    unpickling, so they must not change in between.

    Args:
        paths (str or list of str): The text file, or files with the same number of
            lines.
        encoding (str or list of str): Encoding(s), as for :func:`open`.
        errors (str or list of str): Decoding error handling, as for :func:`open`.
        newline (str or list of str): Newline mode(s), as for :func:`open`.
        filter_func (callable): Called with the line(s) of each line number; only the
            line numbers for which it returns true are kept.
    """

    _fps = None  # so that close() works on a partly constructed instance

    def __init__(self, paths, encoding=None, errors=None, newline=None, filter_func=None):
        if isinstance(paths, str):
            paths = [paths]
        paths = list(paths)
        if not paths:
            raise ValueError('TextDataset: at least one text file must be given')
        self._paths = paths
        self._encoding = _per_file(encoding, len(paths), 'encoding')
        self._errors = _per_file(errors, len(paths), 'errors')
        self._newline = _per_file(newline, len(paths), 'newline')
        self._fps = None
        self._lock = threading.Lock()
        self._open()
        self._starts, self._lines = self._index_lines(filter_func)

    def _open(self):
        self._fps = [
            open(path, 'rt', encoding=encoding, errors=errors, newline=newline)
            for path, encoding, errors, newline in zip(
                self._paths, self._encoding, self._errors, self._newline)]

    def _index_lines(self, filter_func):
        """Start offsets of every line of every file, and the line numbers kept."""
        starts = [[] for _ in self._fps]
        kept = []
        line_number = 0
        while True:
            positions = [f.tell() for f in self._fps]
            lines = [f.readline() for f in self._fps]
            ended = [line == '' for line in lines]
            if all(ended):
                break
            if any(ended):
                raise ValueError(
                    'TextDataset: the files have different numbers of lines ({} ends at '
                    'line {})'.format(self._paths[ended.index(True)], line_number))
            for file_starts, position in zip(starts, positions):
                file_starts.append(position)
            if filter_func is None or filter_func(*lines):
                kept.append(line_number)
            line_number += 1
        return starts, kept

    def close(self):
        """Closes the files; reading the dataset afterwards raises ValueError (they are
        reopened if the dataset is unpickled). Every file is closed even if closing one
        fails; the first error is then raised."""
        error = None
        for f in self._fps or ():
            try:
                f.close()
            except Exception as e:
                error = error or e
        if error is not None:
            raise error

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass  # nothing to report from a destructor; the files are closed
    def __getstate__(self):
        state = self.__dict__.copy()
        state['_fps'] = None
        state['_lock'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self._open()

    def __len__(self):
        return len(self._lines)

    def get_example(self, i):
        if not 0 <= i < len(self._lines):
            raise IndexError('TextDataset: index {} is out of range for {} lines'.format(
                i, len(self._lines)))
        line_number = self._lines[i]
        with self._lock:
            lines = []
            for f, file_starts in zip(self._fps, self._starts):
                f.seek(file_starts[line_number])
                lines.append(f.readline())
        return lines[0] if len(lines) == 1 else tuple(lines)
