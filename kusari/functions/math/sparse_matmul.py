"""Products of a sparse COO matrix and a dense one.

``CooMatMul`` computes ``op_c(op_a(A) @ op_b(B))`` for a sparse ``A`` (its entries are the
first input, their indices fixed) and a dense ``B``, where each ``op`` transposes the last two
axes or not; ``CooMatMulGradSP`` computes the entries of ``op_c(op_a(A) @ op_b(B))`` for two
dense operands at the fixed indices, the adjoint of ``CooMatMul`` with respect to the sparse
entries. Each node's gradients are the other node or itself with other transposes, so double
backprop works.
"""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail


def _entries(xp, row, col):
    """Batch, row and column indices of the valid (non-padding) entries, and their mask."""
    row, col = (a if a.ndim == 2 else a[None] for a in (row, col))
    valid = (row >= 0) & (col >= 0)
    batch = xp.broadcast_to(xp.arange(len(row))[:, None], row.shape)
    return batch[valid], row[valid], col[valid], valid


def _swap(x, trans):
    return x.swapaxes(-1, -2) if trans else x


def _batched(x, ndim):
    return x if x.ndim == ndim else x[None]


def _check_pattern(sp_row, sp_col, sp_shape):
    if sp_row.ndim not in (1, 2) or sp_row.shape != sp_col.shape:
        raise ValueError('CooMatMul: sp_row and sp_col must be 1-d or 2-d arrays of one shape, '
                         'but have shapes {} and {}'.format(sp_row.shape, sp_col.shape))
    if len(sp_shape) != 2:
        raise ValueError('CooMatMul: sp_shape must have two elements, but is {}'.format(
            sp_shape))


class _CooNode(core.FunctionNode):
    """A node with a fixed sparsity pattern (``sp_row``, ``sp_col``, ``sp_shape``); the
    order of the entries (``sp_order``) only matters for GPU kernels, which kusari does not
    specialise."""

    def __init__(self, sp_row, sp_col, sp_shape, sp_order='other', transa=False,
                 transb=False, transc=False, dtype=None):
        _check_pattern(sp_row, sp_col, sp_shape)
        self.sp_row = sp_row
        self.sp_col = sp_col
        self.sp_shape = tuple(sp_shape)
        self.sp_order = sp_order
        self.transa = transa
        self.transb = transb
        self.transc = transc
        self.dtype = dtype

    def _out_dtype(self, x, y):
        if self.dtype is not None:
            return numpy.dtype(self.dtype)
        return numpy.result_type(x.dtype, y.dtype)

    def _check_batch(self, arg, array, batched_ndim):
        if array.ndim == batched_ndim and array.shape[0] != self.sp_row.shape[0]:
            fail('sparse_matmul', arg, 'batch size {}'.format(self.sp_row.shape[0]),
                 'shape {}'.format(array.shape))


class CooMatMul(_CooNode):
    """``op_c(op_a(A) @ op_b(B))``: inputs the entries of the sparse ``A`` (``(ldnz,)`` or
    ``(batch, ldnz)``) and the dense ``B`` (2-d or 3-d)."""

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        sp, dn = inputs
        check_float('sparse_matmul', 'sp', sp)
        check_float('sparse_matmul', 'dn', dn)
        if dn.ndim not in (2, 3) or sp.ndim != dn.ndim - 1:
            fail('sparse_matmul', 'dn', 'a {}-d array for {}-d sparse entries'.format(
                sp.ndim + 1, sp.ndim), 'shape {}'.format(dn.shape))
        if sp.shape[-1] != self.sp_row.shape[-1]:
            fail('sparse_matmul', 'sp', '{} entries per matrix'.format(self.sp_row.shape[-1]),
                 'shape {}'.format(sp.shape))
        self._check_batch('sp', sp, 2)
        self._check_batch('dn', dn, 3)
        row, col, (m, k) = self.sp_row, self.sp_col, self.sp_shape
        if self.transa:
            row, col, m, k = col, row, k, m
        b = _swap(dn, self.transb)
        if b.shape[-2] != k:
            fail('sparse_matmul', 'shapes', 'inner dimensions that agree',
                 'sparse {} and dense {} (after transposes)'.format((m, k), b.shape[-2:]))
        xp = get_array_module(dn)
        dtype = self._out_dtype(sp, dn)
        # half precision accumulates in single precision
        work_dtype = numpy.promote_types(dtype, numpy.float32)
        batch, row, col, valid = _entries(xp, row, col)
        values = _batched(sp, 2)[valid].astype(work_dtype, copy=False)
        b3 = _batched(b, 3)
        c = xp.zeros((len(b3) * m, b.shape[-1]), work_dtype)
        contributions = values[:, None] * b3[batch, col]
        if xp is numpy:
            numpy.add.at(c, batch * m + row, contributions)
        else:
            import cupyx
            cupyx.scatter_add(c, batch * m + row, contributions)
        c = c.reshape(b.shape[:-2] + (m, b.shape[-1]))
        return _swap(c, self.transc).astype(dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        sp, dn = self.get_retained_inputs()
        gc, = grad_outputs
        pattern = (self.sp_row, self.sp_col, self.sp_shape, self.sp_order)
        ret = []
        for i in indexes:
            if i == 0:
                # d op_a(A) = op_c(gc) @ op_b(B)^T, sampled where A has entries
                ret.append(CooMatMulGradSP(
                    *pattern, transa=self.transc, transb=not self.transb,
                    transc=self.transa, dtype=sp.dtype).apply((gc, dn))[0])
            else:
                # d op_b(B) = op_a(A)^T @ op_c(gc)
                ret.append(CooMatMul(
                    *pattern, transa=not self.transa, transb=self.transc,
                    transc=self.transb, dtype=dn.dtype).apply((sp, gc))[0])
        return tuple(ret)


class CooMatMulGradSP(_CooNode):
    """The entries of ``op_c(op_a(a) @ op_b(b))`` (dense ``a``, ``b``) at the fixed pattern
    (0 at padding entries)."""

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        a, b = inputs
        check_float('sparse_matmul', 'a', a)
        check_float('sparse_matmul', 'b', b)
        if a.ndim not in (2, 3) or a.ndim != b.ndim:
            fail('sparse_matmul', 'a and b', '2-d or 3-d arrays of one ndim',
                 'shapes {} and {}'.format(a.shape, b.shape))
        self._check_batch('a', a, 3)
        self._check_batch('b', b, 3)
        a_ = _swap(a, self.transa)
        b_ = _swap(b, self.transb)
        row, col, shape = self.sp_row, self.sp_col, self.sp_shape
        if self.transc:
            row, col, shape = col, row, shape[::-1]
        if a_.shape[-1] != b_.shape[-2] or (a_.shape[-2], b_.shape[-1]) != shape:
            fail('sparse_matmul', 'shapes of a and b', 'a product of shape {}'.format(shape),
                 '{} and {} (after transposes)'.format(a_.shape, b_.shape))
        xp = get_array_module(a)
        batch, row, col, valid = _entries(xp, row, col)
        a3, bt3 = _batched(a_, 3), _batched(_swap(b_, True), 3)
        s = xp.zeros(valid.shape, self._out_dtype(a, b))
        s[valid] = (a3[batch, row] * bt3[batch, col]).sum(axis=-1)
        return s if self.sp_row.ndim == 2 else s[0],

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gs, = grad_outputs
        pattern = (self.sp_row, self.sp_col, self.sp_shape, self.sp_order)
        ret = []
        for i in indexes:
            if i == 0:
                # d op_a(a) = S @ op_b(b)^T with S = op_c(sparse gs)
                ret.append(CooMatMul(
                    *pattern, transa=self.transc, transb=not self.transb,
                    transc=self.transa, dtype=a.dtype).apply((gs, b))[0])
            else:
                # d op_b(b) = op_a(a)^T @ S, computed as (S^T @ op_a(a))^T
                ret.append(CooMatMul(
                    *pattern, transa=not self.transc, transb=self.transa,
                    transc=not self.transb, dtype=b.dtype).apply((gs, a))[0])
        return tuple(ret)


def sparse_matmul(a, b, transa=False, transb=False):
    """Matrix product of a sparse COO matrix and a dense one (either order, batched).

    Args:
        a, b: one :class:`~kusari.utils.CooMatrix` and one dense Variable or array: both
            2-d, e.g. ``(M, K)`` and ``(K, N)``, or both 3-d, ``(B, M, K)`` and
            ``(B, K, N)``, for a batched CooMatrix. Their float dtypes may differ; the
            result has NumPy's promoted dtype.
        transa, transb (bool): transpose ``a``/``b`` (each matrix of a batch) first.

    Returns:
        ~kusari.Variable: the dense product, ``(M, N)`` or ``(B, M, N)`` (with the
        shapes after the transpositions).

    Raises:
        ValueError: neither or both of ``a`` and ``b`` are CooMatrix.
    """
    from kusari.utils.sparse import CooMatrix
    dense_types = (core.Variable,) + core._array_types()
    if isinstance(a, CooMatrix) and isinstance(b, dense_types):
        return CooMatMul(a.row, a.col, a.shape, a.order, transa=transa,
                         transb=transb).apply((a.data, b))[0]
    if isinstance(a, dense_types) and isinstance(b, CooMatrix):
        # op(a) @ op(b) = (op(b)^T @ op(a)^T)^T
        return CooMatMul(b.row, b.col, b.shape, b.order, transa=not transb,
                         transb=not transa, transc=True).apply((b.data, a))[0]
    raise ValueError('sparse_matmul: expected one CooMatrix and one dense Variable or array, '
                     'but got {} and {}'.format(type(a).__name__, type(b).__name__))
