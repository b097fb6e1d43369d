"""Coefficient of determination."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail


class R2_score(core.FunctionNode):  # Chainer's name
    def __init__(self, multioutput):
        self.multioutput = multioutput

    def forward(self, inputs):
        pred, true = inputs
        check_float('r2_score', 'pred', pred)
        check_float('r2_score', 'true', true)
        if pred.shape != true.shape:
            fail('r2_score', 'shapes of pred and true', 'equal shapes',
                 '{} and {}'.format(pred.shape, true.shape))
        xp = get_array_module(pred)
        residual = ((pred - true) ** 2).sum(axis=0)
        total = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
        constant = total == 0
        # A constant target scores 0 (not -inf or nan).
        score = xp.where(constant, 0.0, 1 - residual / xp.where(constant, 1, total))
        score = xp.asarray(score, dtype=pred.dtype)
        if self.multioutput == 'uniform_average':
            return xp.asarray(score.mean(), dtype=pred.dtype),
        return score,


def r2_score(pred, true, sample_weight=None, multioutput='uniform_average'):
    """R^2 (coefficient of determination) of predictions, along the first axis.

    ``1 - sum((pred - true)**2) / sum((true - mean(true))**2)`` per output; an
    output whose ``true`` values are all equal scores 0.

    Args:
        pred (Variable or array): float predictions of shape ``(n, ...)``, the first
            axis being the samples (``(n,)`` for a single output).
        true (Variable or array): float targets of ``pred``'s shape.
        sample_weight: only None is supported (kept for scikit-learn's signature).
        multioutput (str): ``'uniform_average'`` (the mean over outputs) or
            ``'raw_values'`` (one score per output).

    Returns:
        Variable: of ``pred``'s dtype: a scalar (shape ``()``) for
        ``'uniform_average'``, of shape ``pred.shape[1:]`` for ``'raw_values'``.
        The function is not differentiable.
    """
    if sample_weight is not None:
        raise NotImplementedError('r2_score: sample_weight is not supported; pass None')
    if multioutput not in ('uniform_average', 'raw_values'):
        fail('r2_score', 'multioutput', "'uniform_average' or 'raw_values'", repr(multioutput))
    return R2_score(multioutput).apply((pred, true))[0]
