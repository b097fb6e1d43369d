"""Negative sampling loss (word2vec)."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.activation.softplus import softplus
from kusari.functions.loss._sampled import check_embedding_inputs, scores
from kusari.functions.loss._validate import check_labels, check_reduce
from kusari.functions.math.sum import sum as sum_
from kusari.utils import argument

_IGNORE_LABEL = -1


def negative_sampling(x, t, W, sampler, sample_size, reduce='sum', **kwargs):
    """Negative sampling loss ``-log s(x.w_t) - sum_{n in N} log s(-x.w_n)`` (s: sigmoid).

    For each example, ``sample_size`` negatives ``N`` are drawn with ``sampler``.
    Examples labelled -1 are ignored (their loss is 0).

    Args:
        x (Variable or array): float inputs of shape ``(B, D)``.
        t (Variable or array): int labels of shape ``(B,)`` in [0, V), or -1 to
            ignore the example.
        W (Variable or array): weights of shape ``(V, D)``.
        sampler (callable): takes a shape and returns an int array of samples in
            [0, V) of that shape (e.g. the ``sample`` method of a Walker alias table).
        sample_size (int): number of negatives per example.
        reduce (str): 'sum' for a scalar, 'no' for the ``(B,)`` losses.
        return_samples (bool): also return the ``(B, sample_size + 1)`` samples array,
            whose first column holds ``t``.

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'sum' or of shape
        ``(B,)`` for 'no'; with ``return_samples=True`` a pair of it and the int
        samples array of shape ``(B, sample_size + 1)``.
    """
    return_samples, = argument.parse_kwargs(kwargs, ('return_samples', False))
    check_reduce('negative_sampling', reduce, ('sum', 'no'))
    x, W = core.as_variable(x), core.as_variable(W)
    t = core.as_array(t)
    check_embedding_inputs('negative_sampling', x, t, W)
    check_labels('negative_sampling', 't', t, len(W), _IGNORE_LABEL)
    batch = len(x)
    samples = sampler((batch, sample_size + 1))
    if samples.shape != (batch, sample_size + 1) or samples.dtype.kind not in 'iu':
        fail('negative_sampling', 'sampler', 'an int array of shape {}'.format(
            (batch, sample_size + 1)), 'dtype {} and shape {}'.format(samples.dtype,
                                                                     samples.shape))
    samples[:, 0] = t
    xp = get_array_module(x.array)
    valid = t != _IGNORE_LABEL
    check_labels('negative_sampling', 'samples', samples[valid], len(W))
    # The true label's score enters with a minus sign: -log s(z) = softplus(-z).
    signs = xp.ones(sample_size + 1, dtype=x.dtype)
    signs[0] = -1
    ids = xp.where(valid[:, None], samples, 0)
    loss = sum_(softplus(scores(x, W, ids) * signs), axis=1) * valid.astype(x.dtype)
    if reduce == 'sum':
        loss = sum_(loss)
    return (loss, samples) if return_samples else loss
