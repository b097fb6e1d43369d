"""Contrastive loss for pairs of embeddings."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, check_same_dtype, fail
from kusari.functions.activation.relu import relu
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.loss._validate import check_int, check_reduce, check_same_shape
from kusari.functions.math.sum import sum as sum_


class Contrastive(core.FunctionNode):
    """``(y d^2 + (1 - y) max(margin - d, 0)^2) / 2`` with ``d = |x0 - x1|`` per row."""

    _input_indexes_to_retain = (0, 1)

    def __init__(self, margin, reduce):
        self.margin = margin
        self.reduce = reduce

    def forward(self, inputs):
        x0, x1, y = inputs
        check_float('contrastive', 'x0', x0)
        check_same_dtype('contrastive', x0, x1)
        check_ndim('contrastive', 'x0', x0, 2)
        check_same_shape('contrastive', x0, x1, ('x0', 'x1'))
        check_int('contrastive', 'y', y)
        if y.shape != x0.shape[:1]:
            fail('contrastive', 'y', 'shape {}'.format(x0.shape[:1]), y.shape)
        xp = get_array_module(x0)
        self.similar = y.astype(x0.dtype)
        diff = x0 - x1
        dist_sq = (diff * diff).sum(axis=1)
        gap = xp.maximum(self.margin - xp.sqrt(dist_sq), 0)
        loss = (self.similar * dist_sq + (1 - self.similar) * gap * gap) * 0.5
        if self.reduce == 'no':
            return loss.astype(x0.dtype, copy=False),
        return xp.asarray(loss.sum() / max(len(loss), 1), dtype=x0.dtype),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        gy, = grad_outputs
        diff = x0 - x1
        dist_sq = sum_(diff * diff, axis=1)
        # Where d = 0 the gradient is 0 (it is a multiple of diff = 0); the shift by 1
        # there only keeps the division finite.
        dist = (dist_sq + (dist_sq.array == 0).astype(diff.dtype)) ** 0.5
        dissimilar = 1 - self.similar
        coeff = self.similar - dissimilar * relu(self.margin - dist) / dist
        if self.reduce == 'mean':
            coeff = coeff * broadcast_to(gy * (1.0 / max(len(x0), 1)), coeff.shape)
        else:
            coeff = coeff * gy
        gx0 = broadcast_to(reshape(coeff, (len(x0), 1)), x0.shape) * diff
        return tuple((gx0, -gx0, None)[i] for i in indexes)


def contrastive(x0, x1, y, margin=1, reduce='mean'):
    """Contrastive loss of pairs ``(x0[n], x1[n])`` labelled similar (1) or not (0).

    ``L_n = (y_n d_n^2 + (1 - y_n) max(margin - d_n, 0)^2) / 2`` where ``d_n`` is the
    Euclidean distance of the n-th pair.

    Args:
        x0, x1 (Variable or array): float arrays of shape ``(N, K)``.
        y (Variable or array): int labels of shape ``(N,)``, 1 for similar and 0 for
            dissimilar pairs.
        margin (float): a positive margin.
        reduce (str): 'mean' for the mean over pairs, 'no' for the ``(N,)`` losses.

    Returns:
        Variable: of ``x0``'s dtype, a scalar (shape ``()``) for 'mean' or of shape
        ``(N,)`` for 'no'.
    """
    if margin <= 0:
        fail('contrastive', 'margin', 'a positive value', margin)
    check_reduce('contrastive', reduce, ('mean', 'no'))
    return Contrastive(margin, reduce).apply((x0, x1, y))[0]
