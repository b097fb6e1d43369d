"""Determinant (single and batched)."""

from kusari import core
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.math.inv import batch_inv, check_square, inv, linalg, swap_last


class Det(core.FunctionNode):
    """Determinant of a matrix; ``BatchDet`` of a batch of them."""

    name = label = 'det'
    ndim = 2

    def forward(self, inputs):
        a, = inputs
        check_square(self.name, a, self.ndim)
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        return linalg(self.name, 'det', a),

    def backward(self, indexes, grad_outputs):
        # d det(A) / dA = det(A) * A^-T.
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        a_inv = inv(a) if self.ndim == 2 else batch_inv(a)
        scale = reshape(grad_outputs[0] * y, y.shape + (1, 1))
        return broadcast_to(scale, a.shape) * swap_last(a_inv),


class BatchDet(Det):
    name = 'batch_det'
    ndim = 3


def det(a):
    """Determinant of a square matrix ``a`` (2-d); returns a 0-d variable.

    Args:
        a (Variable or array): a float array of shape ``(n, n)``.

    Returns:
        Variable: of shape ``()`` and ``a``'s dtype.
    """
    return Det().apply((a,))[0]


def batch_det(a):
    """Determinants of a batch of square matrices ``a`` of shape ``(B, n, n)``.

    Args:
        a (Variable or array): a float array of shape ``(B, n, n)``.

    Returns:
        Variable: of shape ``(B,)`` and ``a``'s dtype.
    """
    return BatchDet().apply((a,))[0]
