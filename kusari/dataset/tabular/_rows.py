"""Row selections of tabular datasets: checking, counting and expressing them."""

import operator


def check_row(index, length, caller):
    """``index`` as a row number in ``[0, length)``; a negative one counts from the end."""
    try:
        row = operator.index(index)
    except TypeError:
        raise TypeError('{}: a row index must be an integer, got {}'
                        .format(caller, type(index).__name__)) from None
    if not -length <= row < length:
        raise IndexError('{}: index {} is out of bounds for a dataset of {} rows'
                         .format(caller, row, length))
    return row % length


def row_count(indices, length):
    """How many rows ``indices`` (``None``, a slice or a list) selects of ``length``."""
    if indices is None:
        return length
    if isinstance(indices, slice):
        return len(range(*indices.indices(length)))
    return len(indices)


def as_slice(rows):
    """The slice that selects ``rows``, a range of row numbers, from a sequence."""
    if len(rows) == 0:
        return slice(0, 0, 1)
    # Only a step down past row 0 gives a negative stop, which a slice would read as
    # counting from the end: None goes down to row 0.
    stop = None if rows.stop < 0 else rows.stop
    return slice(rows.start, stop, rows.step)
