"""Products of a sparse COO matrix and a dense one.

Everything reduces to ``C = A @ B`` with ``A`` sparse (``CooMatMul``) and its adjoint with
respect to ``A``'s entries, ``g[k] = sum_n G[row[k], n] * B[col[k], n]`` (``CooSample``);
each node's gradients are the other one or itself with rows and columns swapped, so double
backprop works. Transposes of dense operands are kusari transposes.
"""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions.array.transpose import transpose


def _entries(xp, row, col):
    """Batch, row and column indices of the valid (non-padding) entries, and their mask."""
    row, col = (a if a.ndim == 2 else a[None] for a in (row, col))
    valid = (row >= 0) & (col >= 0)
    batch = xp.broadcast_to(xp.arange(len(row))[:, None], row.shape)
    return batch[valid], row[valid], col[valid], valid


class CooMatMul(core.FunctionNode):
    """``C = A @ B``: ``A`` sparse ``(m, k)`` given by entries and indices, ``B`` dense."""

    def __init__(self, row, col, shape):
        self.row = row
        self.col = col
        self.shape = shape

    def forward(self, inputs):
        data, b = inputs
        self.retain_inputs((0, 1))
        xp = get_array_module(b)
        m = self.shape[0]
        batch, row, col, valid = _entries(xp, self.row, self.col)
        values = (data if data.ndim == 2 else data[None])[valid]
        dense = b if b.ndim == 3 else b[None]
        c = xp.zeros((len(dense) * m, dense.shape[-1]), b.dtype)
        contributions = values[:, None] * dense[batch, col]
        if xp is numpy:
            numpy.add.at(c, batch * m + row, contributions)
        else:
            import cupyx
            cupyx.scatter_add(c, batch * m + row, contributions)
        return c.reshape(b.shape[:-2] + (m, b.shape[-1])),

    def backward(self, indexes, grad_outputs):
        data, b = self.get_retained_inputs()
        gc, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(CooSample(self.row, self.col).apply((gc, b))[0])
            else:
                swapped = (self.shape[1], self.shape[0])
                ret.append(CooMatMul(self.col, self.row, swapped).apply((data, gc))[0])
        return tuple(ret)


class CooSample(core.FunctionNode):
    """``s[k] = sum_n G[row[k], n] * B[col[k], n]`` (0 at padding entries)."""

    def __init__(self, row, col):
        self.row = row
        self.col = col

    def forward(self, inputs):
        g, b = inputs
        self.retain_inputs((0, 1))
        xp = get_array_module(g)
        batch, row, col, valid = _entries(xp, self.row, self.col)
        g3, b3 = (a if a.ndim == 3 else a[None] for a in (g, b))
        s = xp.zeros(valid.shape, g.dtype)
        s[valid] = (g3[batch, row] * b3[batch, col]).sum(axis=-1)
        return s if self.row.ndim == 2 else s[0],

    def backward(self, indexes, grad_outputs):
        g, b = self.get_retained_inputs()
        gs, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(CooMatMul(self.row, self.col, (g.shape[-2], b.shape[-2])).apply(
                    (gs, b))[0])
            else:
                ret.append(CooMatMul(self.col, self.row, (b.shape[-2], g.shape[-2])).apply(
                    (gs, g))[0])
        return tuple(ret)


def _swap_last(x):
    return transpose(x, tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2))


def _check(sp, dense, sp_name, dense_name):
    check_float('sparse_matmul', dense_name, core.as_array(dense))
    check_same_dtype('sparse_matmul', sp.data.array, core.as_array(dense),
                     (sp_name + '.data', dense_name))
    if dense.ndim != sp.data.ndim + 1:
        fail('sparse_matmul', dense_name, 'a {}-d array for a {} sparse operand'.format(
            sp.data.ndim + 1, 'batched' if sp.data.ndim == 2 else 'single'),
            'shape {}'.format(dense.shape))
    if dense.ndim == 3 and dense.shape[0] != sp.data.shape[0]:
        fail('sparse_matmul', dense_name, 'batch size {}'.format(sp.data.shape[0]),
             'shape {}'.format(dense.shape))


def _sparse_times_dense(sp, dense, trans_sp, trans_dense):
    row, col, shape = sp.row, sp.col, sp.shape
    if trans_sp:
        row, col, shape = col, row, (shape[1], shape[0])
    if trans_dense:
        dense = _swap_last(dense)
    if dense.shape[-2] != shape[1]:
        fail('sparse_matmul', 'shapes', 'inner dimensions that agree',
             'sparse {} and dense {} (after transposes)'.format(shape, dense.shape[-2:]))
    return CooMatMul(row, col, shape).apply((sp.data, dense))[0]


def sparse_matmul(a, b, transa=False, transb=False):
    """Matrix product of a sparse COO matrix and a dense one (either order, batched).

    Args:
        a, b: one :class:`~kusari.utils.CooMatrix` and one dense Variable or array; 2-d, or
            3-d dense with a batched CooMatrix.
        transa, transb (bool): transpose ``a``/``b`` (each matrix of a batch) first.

    Returns:
        ~kusari.Variable: the dense product.
    """
    from kusari.utils.sparse import CooMatrix
    dense_types = (core.Variable,) + core._array_types()
    if isinstance(a, CooMatrix) and isinstance(b, dense_types):
        _check(a, b, 'a', 'b')
        return _sparse_times_dense(a, b, transa, transb)
    if isinstance(a, dense_types) and isinstance(b, CooMatrix):
        _check(b, a, 'b', 'a')
        # op(a) @ op(b) = (op(b)^T @ op(a)^T)^T
        return _swap_last(_sparse_times_dense(b, a, not transb, not transa))
    fail('sparse_matmul', 'a and b', 'one CooMatrix and one dense Variable or array',
         '{} and {}'.format(type(a).__name__, type(b).__name__))
