"""Hinge loss for one-of-many classification."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.activation.relu import relu
from kusari.functions.loss._validate import check_int, check_labels, check_reduce
from kusari.functions.math.sum import sum as sum_


def hinge(x, t, norm='L1', reduce='mean'):
    """Hinge loss ``max(0, 1 - delta_nk x_nk) ** p`` with ``delta_nk = 1 if t_n = k else -1``.

    Args:
        x (Variable or array): float scores of shape ``(N, K)``.
        t (Variable or array): int labels of shape ``(N,)`` in [0, K).
        norm (str): 'L1' (p = 1) or 'L2' (p = 2).
        reduce (str): 'mean' for the sum divided by N, 'no' for the ``(N, K)``
            losses.

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'mean' or of shape
        ``(N, K)`` for 'no'.
    """
    if norm not in ('L1', 'L2'):
        # Chainer's error for a norm it does not implement
        raise NotImplementedError("hinge: norm must be 'L1' or 'L2', got {!r}".format(norm))
    check_reduce('hinge', reduce, ('mean', 'no'))
    x = core.as_variable(x)
    t = core.as_array(t)
    check_float('hinge', 'x', x)
    check_ndim('hinge', 'x', x, 2)
    check_int('hinge', 't', t)
    if t.shape != x.shape[:1]:
        fail('hinge', 't', 'shape {}'.format(x.shape[:1]), t.shape)
    check_labels('hinge', 't', t, x.shape[1])
    xp = get_array_module(x.array)
    signs = xp.ones(x.shape, dtype=x.dtype)
    signs[xp.arange(len(t)), t] = -1
    loss = relu(x * signs + 1.0)
    if norm == 'L2':
        loss = loss * loss
    if reduce == 'no':
        return loss
    return sum_(loss) * (1.0 / max(len(loss), 1))
