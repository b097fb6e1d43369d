"""Determinant (single and batched)."""

from kusari import core
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.math.inv import batch_inv, check_square, linalg, swap_last


class BatchDet(core.FunctionNode):
    """Determinants of a batch of matrices; ``det`` records it too, between Reshapes,
    as Chainer does."""

    label = 'det'
    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def forward(self, inputs):
        a, = inputs
        check_square('batch_det', a, 3)
        return linalg('batch_det', 'det', a),

    def backward(self, indexes, grad_outputs):
        # d det(A) / dA = det(A) * A^-T.
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        scale = reshape(grad_outputs[0] * y, y.shape + (1, 1))
        return broadcast_to(scale, a.shape) * swap_last(batch_inv(a)),


def det(a):
    """Determinant of a square matrix ``a`` (2-d); returns a 0-d variable.

    Args:
        a (Variable or array): a float array of shape ``(n, n)``.

    Returns:
        Variable: of shape ``()`` and ``a``'s dtype.
    """
    check_square('det', a, 2)
    batched = BatchDet().apply((reshape(a, (1,) + a.shape),))[0]
    return reshape(batched, ())


def batch_det(a):
    """Determinants of a batch of square matrices ``a`` of shape ``(B, n, n)``.

    Args:
        a (Variable or array): a float array of shape ``(B, n, n)``.

    Returns:
        Variable: of shape ``(B,)`` and ``a``'s dtype.
    """
    return BatchDet().apply((a,))[0]
