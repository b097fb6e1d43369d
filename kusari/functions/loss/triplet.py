"""Triplet loss for embeddings."""

from kusari import core
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.activation.relu import relu
from kusari.functions.loss._validate import check_reduce, check_same_shape
from kusari.functions.math.sum import sum as sum_


def triplet(anchor, positive, negative, margin=0.2, reduce='mean'):
    """Triplet loss ``max(|a - p|^2 - |a - n|^2 + margin, 0)`` per row.

    Args:
        anchor, positive, negative (Variable or array): float arrays of shape
            ``(N, K)`` and one dtype.
        margin (float): a positive margin.
        reduce (str): 'mean' for the mean over rows, 'no' for the ``(N,)`` losses.

    Returns:
        Variable: of ``anchor``'s dtype, a scalar (shape ``()``) for 'mean' or of
        shape ``(N,)`` for 'no'.
    """
    if margin <= 0:
        fail('triplet', 'margin', 'a positive value', margin)
    check_reduce('triplet', reduce, ('mean', 'no'))
    anchor, positive, negative = (core.as_variable(v) for v in (anchor, positive, negative))
    check_float('triplet', 'anchor', anchor)
    check_ndim('triplet', 'anchor', anchor, 2)
    check_same_shape('triplet', anchor, positive, ('anchor', 'positive'))
    check_same_shape('triplet', anchor, negative, ('anchor', 'negative'))
    d_pos = anchor - positive
    d_neg = anchor - negative
    loss = relu(sum_(d_pos * d_pos - d_neg * d_neg, axis=1) + margin)
    if reduce == 'no':
        return loss
    return sum_(loss) * (1.0 / max(len(loss), 1))
