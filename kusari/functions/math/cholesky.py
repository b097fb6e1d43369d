"""Cholesky factor."""

from kusari import core
from kusari.functions.math._elementwise import scale_by_array
from kusari.functions.math.inv import check_square, inv, linalg, swap_last
from kusari.functions.math.matmul import matmul


class Cholesky(core.FunctionNode):
    _output_indexes_to_retain = (0,)

    label = 'cholesky'

    def forward(self, inputs):
        a, = inputs
        check_square('cholesky', a, 2)
        return linalg('cholesky', 'cholesky', a),

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
        return (s + swap_last(s)) * 0.5,


def cholesky(a):
    """Lower-triangular Cholesky factor ``L`` of a symmetric positive-definite ``a``.

    ``a = L @ L.T``; only the lower triangle of ``a`` is read, and the gradient is
    symmetric.

    Args:
        a (Variable or array): a float array of shape ``(n, n)``.

    Returns:
        Variable: ``L`` of shape ``(n, n)`` with ``L @ L.T == a``.
    """
    return Cholesky().apply((a,))[0]
