"""Matrix inverse (single and batched), and the checks and LAPACK calls of the linear-algebra
functions."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.array.transpose import transpose
from kusari.functions.math._elementwise import force_array
from kusari.functions.math.matmul import matmul


def check_square(name, a, ndim):
    check_float(name, 'a', a)
    check_ndim(name, 'a', a, ndim)
    if a.shape[-1] != a.shape[-2]:
        fail(name, 'a', 'square matrices', 'shape {}'.format(a.shape))


def linalg(name, routine, a):
    """``routine(a)`` from ``xp.linalg``; float16 goes through float32 (LAPACK has none)."""
    xp = get_array_module(a)
    work = a.astype(numpy.float32) if a.dtype == numpy.float16 else a
    try:
        out = getattr(xp.linalg, routine)(work)
    except numpy.linalg.LinAlgError as e:
        raise ValueError('{}: {} of shape {} failed: {}'.format(name, routine, a.shape, e)) \
            from None
    return force_array(out, a.dtype)


def swap_last(x):
    return transpose(x, tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2))


class Inv(core.FunctionNode):
    """Inverse of a matrix; ``BatchInv`` of a batch of them."""

    _output_indexes_to_retain = (0,)

    name = 'inv'
    ndim = 2

    def forward(self, inputs):
        a, = inputs
        check_square(self.name, a, self.ndim)
        return linalg(self.name, 'inv', a),

    def backward(self, indexes, grad_outputs):
        # d(A^-1) = -A^-1 dA A^-1, so gA = -Y^T gY Y^T.
        y, = self.get_retained_outputs()
        return -matmul(matmul(y, grad_outputs[0], transa=True), y, transb=True),


class BatchInv(Inv):
    name = 'batch_inv'
    ndim = 3


def inv(a):
    """Inverse of a square matrix ``a`` (2-d).

    Args:
        a (Variable or array): a float array of shape ``(n, n)``.

    Returns:
        Variable: of shape ``(n, n)``; a singular matrix raises ``ValueError``.
    """
    return Inv().apply((a,))[0]


def batch_inv(a):
    """Inverses of a batch of square matrices ``a`` of shape ``(B, n, n)``.

    Args:
        a (Variable or array): a float array of shape ``(B, n, n)``.

    Returns:
        Variable: of shape ``(B, n, n)``.
    """
    return BatchInv().apply((a,))[0]
