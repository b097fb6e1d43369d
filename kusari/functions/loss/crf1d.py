"""Linear-chain conditional random field: its loss and its Viterbi decoding."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.array.concat import concat
from kusari.functions.array.get_item import get_item
from kusari.functions.array.reshape import reshape
from kusari.functions.array.scatter_add import scatter_add
from kusari.functions.array.select_item import select_item
from kusari.functions.array.separate import separate
from kusari.functions.array.split_axis import split_axis
from kusari.functions.loss._validate import check_int, check_labels, check_reduce
from kusari.functions.math.logsumexp import logsumexp
from kusari.functions.math.sum import sum as sum_


def _check_inputs(func, cost, xs):
    """Validate ``cost`` (K, K) and the steps ``xs`` (B_t, K) with B_t non-increasing."""
    if cost.ndim != 2 or cost.shape[0] != cost.shape[1]:
        fail(func, 'cost', 'a square matrix (K, K)', 'shape {}'.format(cost.shape))
    check_float(func, 'cost', cost)
    if not xs:
        fail(func, 'xs', 'at least one step', 'an empty sequence')
    n_label = cost.shape[0]
    previous = None
    for t, x in enumerate(xs):
        if x.ndim != 2 or x.shape[1] != n_label or x.dtype != cost.dtype:
            fail(func, 'xs[{}]'.format(t), 'shape (B, {}) and dtype {}'.format(
                n_label, cost.dtype), 'shape {} and dtype {}'.format(x.shape, x.dtype))
        if previous is not None and len(x) > previous:
            fail(func, 'xs[{}]'.format(t), 'at most {} rows (batch sizes must not grow; '
                 'sort sequences by decreasing length)'.format(previous), len(x))
        previous = len(x)


def _steps(xs):
    """``xs`` as a list of steps: a list/tuple is kept, an array (T, ...) is separated."""
    if isinstance(xs, (list, tuple)):
        return list(xs)
    return list(separate(xs, axis=0))


def _log_partition(cost, xs):
    """log of the sum of exp(path score) over all label paths, per sequence (B,)."""
    n_label = cost.shape[0]
    cost_row = reshape(cost, (1, n_label, n_label))
    alpha = xs[0]
    finished = []
    for x in xs[1:]:
        batch = len(x)
        if batch < len(alpha):
            alpha, done = split_axis(alpha, [batch], axis=0)
            finished.append(done)
        alpha = logsumexp(reshape(alpha, (batch, n_label, 1)) + cost_row, axis=1) + x
    if finished:
        alpha = concat([alpha] + finished[::-1], axis=0)
    return logsumexp(alpha, axis=1)


def _path_score(cost, xs, ys):
    """Score of the label paths ``ys`` per sequence: unary terms plus transitions."""
    xp = get_array_module(core.as_array(xs[0]))
    batch = len(xs[0])
    rows = [xp.arange(len(y)) for y in ys]
    values = [select_item(concat(xs, axis=0), xp.concatenate(ys))]
    owners = list(rows)
    if len(ys) > 1:
        prev = xp.concatenate([ys[t - 1][:len(ys[t])] for t in range(1, len(ys))])
        cur = xp.concatenate(ys[1:])
        values.append(get_item(cost, (prev, cur)))
        owners.extend(rows[1:])
    values = concat(values, axis=0) if len(values) > 1 else values[0]
    zeros = xp.zeros(batch, dtype=values.dtype)
    return scatter_add(zeros, (xp.concatenate(owners),), values)


def crf1d(cost, xs, ys, reduce='mean'):
    """Negative log-likelihood of label sequences under a linear-chain CRF.

    The score of a path ``y`` is ``sum_t xs[t][y_t] + sum_t cost[y_{t-1}, y_t]``; the
    loss is ``log Z - score(ys)`` with ``Z`` the sum of ``exp(score)`` over all paths.

    Args:
        cost (Variable or array): transition scores of shape ``(K, K)``.
        xs (list of Variables or arrays, or array): T unary scores, ``xs[t]`` of
            shape ``(B_t, K)`` with B_t non-increasing (sequences sorted by
            decreasing length, then transposed), or an array of shape ``(T, B, K)``;
            ``cost``'s dtype.
        ys (list of arrays, or array): T int label arrays, ``ys[t]`` of shape
            ``(B_t,)``, or an array of shape ``(T, B)``.
        reduce (str): 'mean' for the mean over the B sequences, 'no' for the
            ``(B,)`` losses.

    Returns:
        Variable: of ``cost``'s dtype, a scalar (shape ``()``) for 'mean' or of shape
        ``(B,)`` for 'no'.
    """
    check_reduce('crf1d', reduce, ('mean', 'no'))
    cost = core.as_variable(cost)
    xs = _steps(xs)
    _check_inputs('crf1d', cost, xs)
    ys = [core.as_array(y) for y in (ys if isinstance(ys, (list, tuple)) else core.as_array(ys))]
    if len(ys) != len(xs):
        fail('crf1d', 'ys', '{} steps like xs'.format(len(xs)), '{} steps'.format(len(ys)))
    for t, (x, y) in enumerate(zip(xs, ys)):
        name = 'ys[{}]'.format(t)
        check_int('crf1d', name, y)
        if y.shape != (len(x),):
            fail('crf1d', name, 'shape ({},)'.format(len(x)), y.shape)
        check_labels('crf1d', name, y, cost.shape[0])
    loss = _log_partition(cost, xs) - _path_score(cost, xs, ys)
    if reduce == 'no':
        return loss
    return sum_(loss) * (1.0 / len(loss))


def argmax_crf1d(cost, xs):
    """The highest-scoring label path of each sequence (Viterbi decoding).

    Args:
        cost (Variable or array): transition scores of shape ``(K, K)``.
        xs (list of Variables or arrays, or array): T unary scores, ``xs[t]`` of
            shape ``(B_t, K)`` with B_t non-increasing, or an array of shape
            ``(T, B, K)``.

    Returns:
        tuple: ``(score, path)``: ``score`` is a Variable of shape ``(B,)`` and
        ``cost``'s dtype holding the best path scores (differentiable), ``path`` a
        list of T int arrays, ``path[t]`` of shape ``(B_t,)``.
    """
    cost = core.as_variable(cost)
    xs = _steps(xs)
    _check_inputs('argmax_crf1d', cost, xs)
    xp = get_array_module(cost.array)
    cost_array = cost.array
    alpha = core.as_array(xs[0])
    finished, back_pointers = [], []
    for x in xs[1:]:
        batch = len(x)
        if batch < len(alpha):
            finished.append(alpha[batch:])
            alpha = alpha[:batch]
        scores = alpha[:, :, None] + cost_array[None]
        back_pointers.append(scores.argmax(axis=1))
        alpha = scores.max(axis=1) + core.as_array(x)
    alpha = xp.concatenate([alpha] + finished[::-1], axis=0)
    labels = alpha.argmax(axis=1)
    path = [None] * len(xs)
    for t in range(len(xs) - 1, -1, -1):
        batch = len(xs[t])
        path[t] = labels[:batch].copy()
        if t:
            labels[:batch] = back_pointers[t - 1][xp.arange(batch), labels[:batch]]
    return _path_score(cost, xs, path), path
