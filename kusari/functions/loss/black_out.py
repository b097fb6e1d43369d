"""BlackOut loss: a sampled softmax over the true label and negative samples."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape
from kusari.functions.loss._sampled import check_embedding_inputs, scores
from kusari.functions.loss._validate import check_int, check_labels, check_reduce
from kusari.functions.math.exponential import exp, log
from kusari.functions.math.logsumexp import logsumexp
from kusari.functions.math.sum import sum as sum_


def black_out(x, t, W, samples, reduce='mean'):
    """BlackOut loss ``-log p(t) - sum_{s in samples} log(1 - p(s))``
    (https://arxiv.org/abs/1511.06909).

    ``p(y) = exp(W_y . x) / Z`` where ``Z`` sums ``exp(W_s . x)`` over the true label
    and the negative samples of the example.

    Args:
        x (Variable or array): float inputs of shape ``(N, D)``.
        t (Variable or array): int labels of shape ``(N,)`` in [0, V).
        W (Variable or array): weights of shape ``(V, D)``.
        samples (Variable or array): int negative samples of shape ``(N, S)`` in
            [0, V).
        reduce (str): 'mean' for the mean over the batch, 'no' for the ``(N,)``
            losses.

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'mean' or of shape
        ``(N,)`` for 'no'.
    """
    check_reduce('black_out', reduce, ('mean', 'no'))
    x, W = core.as_variable(x), core.as_variable(W)
    t, samples = core.as_array(t), core.as_array(samples)
    check_embedding_inputs('black_out', x, t, W)
    check_int('black_out', 'samples', samples)
    if samples.ndim != 2 or len(samples) != len(x):
        fail('black_out', 'samples', 'shape ({}, S)'.format(len(x)), samples.shape)
    check_labels('black_out', 't', t, len(W))
    check_labels('black_out', 'samples', samples, len(W))
    batch = len(x)
    pos = reshape(scores(x, W, t[:, None]), (batch,))
    neg = scores(x, W, samples)
    log_z = logsumexp(concat([reshape(pos, (batch, 1)), neg], axis=1), axis=1)
    log_not_neg = log(1 - exp(neg - reshape(log_z, (batch, 1))))
    loss = log_z - pos - sum_(log_not_neg, axis=1)
    if reduce == 'no':
        return loss
    return sum_(loss) * (1.0 / max(batch, 1))
