"""DeCov loss: penalises the off-diagonal covariance of hidden activations."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim
from kusari.functions.loss._validate import check_reduce
from kusari.functions.math.matmul import matmul
from kusari.functions.math.average import mean
from kusari.functions.math.sum import sum as sum_


def decov(h, reduce='half_squared_sum'):
    """DeCov loss (https://arxiv.org/abs/1511.06068) of activations ``h``.

    The covariance ``C = (h - mean(h))^T (h - mean(h)) / N`` with its diagonal set to
    zero is returned as is ('no') or as half its squared Frobenius norm.

    Args:
        h (Variable or array): float array of shape ``(N, M)``, the first axis being
            the batch.
        reduce (str): 'half_squared_sum' for a scalar, 'no' for the ``(M, M)``
            matrix.

    Returns:
        Variable: of ``h``'s dtype, a scalar (shape ``()``) or of shape ``(M, M)``.
    """
    check_reduce('decov', reduce, ('half_squared_sum', 'no'))
    h = core.as_variable(h)
    check_float('decov', 'h', h)
    check_ndim('decov', 'h', h, 2)
    xp = get_array_module(h.array)
    centered = h - mean(h, axis=0, keepdims=True)
    off_diagonal = 1 - xp.eye(h.shape[1], dtype=h.dtype)
    cov = matmul(centered, centered, transa=True) * (off_diagonal / max(len(h), 1))
    if reduce == 'no':
        return cov
    return sum_(cov * cov) * 0.5
