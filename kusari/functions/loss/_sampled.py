"""Shared pieces of the sampled-softmax losses (black_out, negative_sampling)."""

from kusari import core
from kusari.functions._checks import check_float, check_ndim, check_same_dtype, fail
from kusari.functions.array.get_item import get_item
from kusari.functions.array.reshape import reshape
from kusari.functions.math.sum import sum as sum_


def check_embedding_inputs(func, x, t, W):
    """Validate x (N, D), int labels t (N,) and W (V, D)."""
    check_float(func, 'x', x)
    check_ndim(func, 'x', x, 2)
    check_ndim(func, 'W', W, 2)
    check_same_dtype(func, x, W, ('x', 'W'))
    if W.shape[1] != x.shape[1]:
        fail(func, 'W', 'shape (V, {})'.format(x.shape[1]), 'shape {}'.format(W.shape))
    if t.dtype.kind not in 'iu' or t.shape != x.shape[:1]:
        fail(func, 't', 'an int array of shape ({},)'.format(len(x)),
             'dtype {} and shape {}'.format(t.dtype, t.shape))


def scores(x, W, ids):
    """``W[ids[n, j]] . x[n]`` for every n and j; ``ids`` is (N, S), the result (N, S)."""
    x = core.as_variable(x)
    rows = get_item(W, ids)                                   # (N, S, D)
    return sum_(rows * reshape(x, (len(x), 1, x.shape[1])), axis=2)
