"""Matrix inverse, determinant and Cholesky factor (single and batched)."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.math._elementwise import force_array, scale_by_array
from kusari.functions.math.matmul import matmul


def _check_square(name, a, ndim):
    check_float(name, 'a', a)
    check_ndim(name, 'a', a, ndim)
    if a.shape[-1] != a.shape[-2]:
        fail(name, 'a', 'square matrices', 'shape {}'.format(a.shape))


def _linalg(name, routine, a):
    """``routine(a)`` from ``xp.linalg``; float16 goes through float32 (LAPACK has none)."""
    xp = get_array_module(a)
    work = a.astype(numpy.float32) if a.dtype == numpy.float16 else a
    try:
        out = getattr(xp.linalg, routine)(work)
    except numpy.linalg.LinAlgError as e:
        raise ValueError('{}: {} of shape {} failed: {}'.format(name, routine, a.shape, e)) \
            from None
    return force_array(out, a.dtype)


def _swap_last(x):
    return transpose(x, tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2))


class Inv(core.FunctionNode):
    def __init__(self, name, ndim):
        self.name = name
        self.ndim = ndim

    def forward(self, inputs):
        a, = inputs
        _check_square(self.name, a, self.ndim)
        self.retain_outputs((0,))
        return _linalg(self.name, 'inv', a),

    def backward(self, indexes, grad_outputs):
        # d(A^-1) = -A^-1 dA A^-1, so gA = -Y^T gY Y^T.
        y, = self.get_retained_outputs()
        return -matmul(matmul(y, grad_outputs[0], transa=True), y, transb=True),


def inv(a):
    """Inverse of a square matrix ``a`` (2-d)."""
    return Inv('inv', 2).apply((a,))[0]


def batch_inv(a):
    """Inverses of a batch of square matrices ``a`` of shape (B, n, n)."""
    return Inv('batch_inv', 3).apply((a,))[0]


class Det(core.FunctionNode):
    def __init__(self, name, ndim):
        self.name = name
        self.ndim = ndim

    def forward(self, inputs):
        a, = inputs
        _check_square(self.name, a, self.ndim)
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        return _linalg(self.name, 'det', a),

    def backward(self, indexes, grad_outputs):
        # d det(A) / dA = det(A) * A^-T.
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        a_inv = inv(a) if self.ndim == 2 else batch_inv(a)
        scale = reshape(grad_outputs[0] * y, y.shape + (1, 1))
        return broadcast_to(scale, a.shape) * _swap_last(a_inv),


def det(a):
    """Determinant of a square matrix ``a`` (2-d); returns a 0-d variable."""
    return Det('det', 2).apply((a,))[0]


def batch_det(a):
    """Determinants of a batch of square matrices ``a`` of shape (B, n, n)."""
    return Det('batch_det', 3).apply((a,))[0]


class Cholesky(core.FunctionNode):
    def forward(self, inputs):
        a, = inputs
        _check_square('cholesky', a, 2)
        self.retain_outputs((0,))
        return _linalg('cholesky', 'cholesky', a),

    def backward(self, indexes, grad_outputs):
        # For A = L L^T (Murray, 2016): gA = sym(L^-T Phi(L^T gL) L^-1), where Phi keeps the
        # lower triangle and halves the diagonal; only gL's lower triangle is meaningful.
        el, = self.get_retained_outputs()
        xp = el.xp
        n = el.shape[0]
        lower = xp.tril(xp.ones((n, n), el.dtype))
        phi = lower - 0.5 * xp.eye(n, dtype=el.dtype)
        middle = scale_by_array(matmul(el, scale_by_array(grad_outputs[0], lower), transa=True),
                                phi)
        el_inv = inv(el)
        s = matmul(matmul(el_inv, middle, transa=True), el_inv)
        return (s + _swap_last(s)) * 0.5,


def cholesky(a):
    """Lower-triangular Cholesky factor ``L`` of a symmetric positive-definite ``a``.

    ``a = L @ L.T``; only the lower triangle of ``a`` is read, and the gradient is
    symmetric.
    """
    return Cholesky().apply((a,))[0]
