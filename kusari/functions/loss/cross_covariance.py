"""Cross-covariance penalty between two sets of activations."""

from kusari import core
from kusari.functions._checks import check_float, check_ndim, check_same_dtype, fail
from kusari.functions.loss._validate import check_reduce
from kusari.functions.math.matmul import matmul
from kusari.functions.math.average import mean
from kusari.functions.math.sum import sum as sum_


def cross_covariance(y, z, reduce='half_squared_sum'):
    """Cross-covariance penalty of ``y`` and ``z`` (https://arxiv.org/abs/1412.6583).

    The cross-covariance ``C = (y - mean(y))^T (z - mean(z)) / N`` is returned as is
    ('no') or as half its squared Frobenius norm.

    Args:
        y (Variable or array): float array of shape ``(N, M)``, the first axis being
            the batch.
        z (Variable or array): float array of shape ``(N, K)`` and ``y``'s dtype.
        reduce (str): 'half_squared_sum' for a scalar, 'no' for the ``(M, K)``
            matrix.

    Returns:
        Variable: of ``y``'s dtype, a scalar (shape ``()``) or of shape ``(M, K)``.
    """
    check_reduce('cross_covariance', reduce, ('half_squared_sum', 'no'))
    y = core.as_variable(y)
    z = core.as_variable(z)
    check_float('cross_covariance', 'y', y)
    check_same_dtype('cross_covariance', y, z, ('y', 'z'))
    check_ndim('cross_covariance', 'y', y, 2)
    check_ndim('cross_covariance', 'z', z, 2)
    if len(y) != len(z):
        fail('cross_covariance', 'batch sizes of y and z', 'equal sizes',
             '{} and {}'.format(len(y), len(z)))
    y_centered = y - mean(y, axis=0, keepdims=True)
    z_centered = z - mean(z, axis=0, keepdims=True)
    cov = matmul(y_centered, z_centered, transa=True) * (1.0 / max(len(y), 1))
    if reduce == 'no':
        return cov
    return sum_(cov * cov) * 0.5
