"""Matrix products."""

import warnings

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array.reshape import reshape


def _swap(x):
    return x.swapaxes(-1, -2) if x.ndim >= 2 else x


class MatMul(core.FunctionNode):
    """``op(a) @ op(b)`` with optional transposes of the last two axes (ndim >= 2), in the
    promoted dtype of ``a`` and ``b``."""

    _input_indexes_to_retain = (0, 1)  # fixed, so declared instead of retained per call

    def __init__(self, transa=False, transb=False):
        self.transa = transa
        self.transb = transb

    def forward(self, inputs):
        a, b = inputs
        if a.dtype.kind != 'f' or b.dtype.kind != 'f':
            check_float('matmul', 'a', a)
            check_float('matmul', 'b', b)
        a_ = _swap(a) if self.transa else a
        b_ = _swap(b) if self.transb else b
        # The checks cost nothing when the shapes are right (a per-op hot path).
        try:
            inner_sizes_agree = a_.shape[-1] == b_.shape[-2]
        except IndexError:
            inner_sizes_agree = None
        if inner_sizes_agree is None:
            fail('matmul', 'a and b', 'arrays of at least one axis', 'shapes {} and {}'.format(
                a.shape, b.shape))
        if not inner_sizes_agree:
            fail('matmul', 'shapes of a and b', 'a.shape[-1] == b.shape[-2] (after transa={}, '
                 'transb={})'.format(self.transa, self.transb),
                 '{} and {}'.format(a.shape, b.shape))
        try:
            return get_array_module(a).matmul(a_, b_),
        except ValueError:
            pass  # the inner sizes agree, so the batch axes do not broadcast
        fail('matmul', 'shapes of a and b', 'batch axes (all but the last two) that broadcast',
             '{} and {}'.format(a.shape, b.shape))

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    def _gradients(self, indexes, gy, a, b, form):
        """The gradients of the targets among (a, b), in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            if i == 0:
                # d(op(a)) = gy @ op(b)^T; undo op for a.
                if self.transa:
                    ga = form.run(MatMul(self.transb, True), (b, gy))[0]
                else:
                    ga = form.run(MatMul(False, not self.transb), (gy, b))[0]
                ret.append(form.cast(form.sum_to(ga, a.shape), a.dtype))
            else:
                if self.transb:
                    gb = form.run(MatMul(True, self.transa), (gy, a))[0]
                else:
                    gb = form.run(MatMul(not self.transa, False), (a, gy))[0]
                ret.append(form.cast(form.sum_to(gb, b.shape), b.dtype))
        return tuple(ret)


def matmul(a, b, transa=False, transb=False):
    """Matrix product of ``a`` and ``b`` (batched over leading axes, broadcasting).

    1-d arguments are treated as a row (``a``) or column (``b``) vector, and the
    added axis is removed from the result, as ``numpy.matmul`` does. The float dtypes of
    ``a`` and ``b`` may differ: the result has NumPy's promoted dtype.

    Args:
        a (Variable or array): ``(..., n, k)`` (or 1-d ``(k,)``).
        b (Variable or array): ``(..., k, m)`` (or 1-d ``(k,)``); leading axes broadcast.
        transa (bool): transpose the last two axes of ``a`` first.
        transb (bool): transpose the last two axes of ``b`` first.

    Returns:
        Variable: of shape ``(..., n, m)``.
    """
    a_1d = a.ndim == 1
    b_1d = b.ndim == 1
    if a_1d:
        a = reshape(a, (1, a.shape[0]))
    if b_1d:
        b = reshape(b, (b.shape[0], 1))
    y = MatMul(transa and not a_1d, transb and not b_1d).apply((a, b))[0]
    if a_1d or b_1d:
        shape = y.shape[:-2] + (() if a_1d else y.shape[-2:-1]) + (() if b_1d else y.shape[-1:])
        y = reshape(y, shape)
    return y


def batch_matmul(a, b, transa=False, transb=False):
    """Matrix products of two batches of matrices (deprecated: use ``matmul``).

    ``a`` and ``b`` are 3-d ``(B, M, N)`` batches of matrices or 2-d ``(B, N)`` batches of
    column vectors ``(N, 1)``; the result is 3-d.

    Args:
        a (Variable or array): ``(B, n, k)``.
        b (Variable or array): ``(B, k, m)``.
        transa (bool): transpose the last two axes of ``a`` first.
        transb (bool): transpose the last two axes of ``b`` first.

    Returns:
        Variable: of shape ``(B, n, m)``.
    """
    warnings.warn('batch_matmul is deprecated; use matmul', DeprecationWarning, stacklevel=2)
    operands = []
    for name, x in (('a', a), ('b', b)):
        if x.ndim not in (2, 3):
            fail('batch_matmul', name, 'a 2-d or 3-d array', 'shape {}'.format(x.shape))
        operands.append(reshape(x, x.shape + (1,)) if x.ndim == 2 else x)
    return matmul(*operands, transa=transa, transb=transb)
