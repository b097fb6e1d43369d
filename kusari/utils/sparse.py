"""Sparse matrices in COO format for ``kusari.functions.sparse_matmul``."""

import numpy

from kusari import core
from kusari.backend import get_array_module


class CooMatrix:
    """A sparse matrix (or a batch of them) in COO format.

    Entries whose row index is negative are padding, so that the matrices of a batch can
    share one ``(batch, ldnz)`` layout.

    Args:
        data (numpy.ndarray or cupy.ndarray): the entries, shape ``(nnz,)`` or
            ``(batch, ldnz)``.
        row, col (numpy.ndarray or cupy.ndarray): their row and column indices, shaped
            like ``data``.
        shape (tuple of int): the dense shape ``(rows, cols)`` of each matrix.
        order ('C', 'F', 'other' or None): whether the entries are sorted by row ('C') or
            by column ('F'); None finds out.
        requires_grad (bool): whether backprop computes the gradient of ``data``.

    Attributes:
        data (~kusari.Variable): the entries.
    """

    def __init__(self, data, row, col, shape, order=None, requires_grad=False):
        if not 1 <= data.ndim <= 2:
            raise ValueError('CooMatrix: data must be 1-d or 2-d, but has shape {}'.format(
                data.shape))
        if not data.shape == row.shape == col.shape:
            raise ValueError('CooMatrix: data, row and col must have one shape, but have {}, {} '
                             'and {}'.format(data.shape, row.shape, col.shape))
        if len(shape) != 2 or not (shape[0] > 0 and shape[1] > 0):
            raise ValueError('CooMatrix: shape must be two positive ints, but is {}'.format(
                shape))
        if order not in ('C', 'F', 'other', None):
            raise ValueError("CooMatrix: order must be 'C', 'F', 'other' or None, not {!r}"
                             .format(order))
        self.data = core.Variable(data, requires_grad=requires_grad)
        self.row = row
        self.col = col
        self.shape = tuple(shape)
        self.order = get_order(row, col) if order is None else order

    def to_dense(self):
        """The dense array: ``shape``, or ``(batch,) + shape`` for a batch. Entries at
        the same position add up."""
        from kusari.functions.array.get_item import scatter_add_into
        data = self.data.array
        xp = get_array_module(data)
        batched = data.ndim == 2
        data, row, col = (a if batched else a[None] for a in (data, self.row, self.col))
        dense = xp.zeros((len(data),) + self.shape, data.dtype)
        valid = (row >= 0) & (col >= 0)
        batch = xp.broadcast_to(xp.arange(len(data))[:, None], row.shape)
        scatter_add_into(dense, (batch[valid], row[valid], col[valid]), data[valid])
        return dense if batched else dense[0]


def to_coo(x, ldnz=None, requires_grad=False):
    """The COO form of a dense matrix (2-d) or a batch of them (3-d).

    Args:
        x (numpy.ndarray or cupy.ndarray): the dense matrix or matrices.
        ldnz (int): length of the entry arrays; the number of nonzeros when larger
            (entries beyond it are padding with index -1).
        requires_grad (bool): whether backprop computes the gradient of the entries.
    """
    xp = get_array_module(x)
    if x.ndim not in (2, 3):
        raise ValueError('to_coo: x must be 2-d or 3-d, but has shape {}'.format(x.shape))
    batch = x if x.ndim == 3 else x[None]
    nonzero = [xp.nonzero(m) for m in batch]
    length = max([len(r) for r, _ in nonzero] + [ldnz or 0])
    data = xp.zeros((len(batch), length), x.dtype)
    row = xp.full((len(batch), length), -1, numpy.int32)
    col = xp.full((len(batch), length), -1, numpy.int32)
    for i, (r, c) in enumerate(nonzero):
        data[i, :len(r)] = batch[i][r, c]
        row[i, :len(r)] = r
        col[i, :len(r)] = c
    if x.ndim == 2:
        data, row, col = data[0], row[0], col[0]
    return CooMatrix(data, row, col, x.shape[-2:], requires_grad=requires_grad)


def get_order(row, col):
    """'C' if the entries are sorted by (row, col), 'F' if by (col, row), else 'other'."""
    if _is_sorted(row, col):
        return 'C'
    if _is_sorted(col, row):
        return 'F'
    return 'other'


def _is_sorted(major, minor):
    """Whether the valid entries of each matrix are in lexicographic (major, minor) order."""
    if major.shape != minor.shape:
        raise ValueError('row and col must have one shape, but have {} and {}'.format(
            major.shape, minor.shape))
    if major.ndim == 2:
        return all(_is_sorted(a, b) for a, b in zip(major, minor))
    valid = (major >= 0) & (minor >= 0)
    if bool(((major >= 0) != (minor >= 0)).any()):
        raise ValueError('row and col must mark the same entries as padding (index < 0)')
    major, minor = major[valid], minor[valid]
    if len(major) < 2:
        return True
    step_major = major[1:] - major[:-1]
    step_minor = minor[1:] - minor[:-1]
    return bool(((step_major > 0) | ((step_major == 0) & (step_minor >= 0))).all())
