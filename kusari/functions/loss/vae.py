"""Losses of variational auto-encoders: Gaussian KL divergence and NLLs."""

import math

from kusari import core
from kusari.functions._checks import check_float, check_same_dtype
from kusari.functions.activation.softplus import softplus
from kusari.functions.loss._validate import check_reduce, check_same_shape
from kusari.functions.math.average import mean as mean_
from kusari.functions.math.exponential import exp
from kusari.functions.math.sum import sum as sum_

_LOG_2PI = math.log(2 * math.pi)


_REDUCTIONS = ('sum', 'mean', 'no')


def _reduce(loss, reduce):
    if reduce == 'sum':
        return sum_(loss)
    return mean_(loss) if reduce == 'mean' else loss


def gaussian_kl_divergence(mean, ln_var, reduce='sum'):
    """KL divergence of N(mean, exp(ln_var)) from the standard normal N(0, I).

    Elementwise it is ``(mean**2 + exp(ln_var) - ln_var - 1) / 2``.

    Args:
        mean (Variable or array): means of the diagonal Gaussian, a float array of
            any shape.
        ln_var (Variable or array): log variances, of ``mean``'s shape.
        reduce (str): 'sum' or 'mean' for a scalar (the sum or the mean of the
            elementwise values), 'no' for the elementwise values.

    Returns:
        Variable: of ``mean``'s dtype: a scalar (shape ``()``) for 'sum' and 'mean',
        or of ``mean``'s shape for 'no'.
    """
    check_reduce('gaussian_kl_divergence', reduce, _REDUCTIONS)
    mean = core.as_variable(mean)
    ln_var = core.as_variable(ln_var)
    check_same_shape('gaussian_kl_divergence', mean, ln_var, ('mean', 'ln_var'))
    loss = (mean * mean + exp(ln_var) - ln_var - 1.0) * 0.5
    return _reduce(loss, reduce)


def bernoulli_nll(x, y, reduce='sum'):
    """Negative log-likelihood of ``x`` under Bernoulli distributions with logits ``y``.

    Elementwise it is ``softplus(y) - x * y``; ``y`` holds pre-sigmoid values.

    Args:
        x (Variable or array): data in [0, 1], a float array of any shape.
        y (Variable or array): logits (the Bernoulli mean is ``sigmoid(y)``), of
            ``x``'s shape and dtype.
        reduce (str): 'sum' or 'mean' for a scalar (the sum or the mean of the
            elementwise values), 'no' for the elementwise values.

    Returns:
        Variable: of ``x``'s dtype: a scalar (shape ``()``) for 'sum' and 'mean', or
        of ``x``'s shape for 'no'.
    """
    check_reduce('bernoulli_nll', reduce, _REDUCTIONS)
    x, y = core.as_variable(x), core.as_variable(y)
    check_float('bernoulli_nll', 'y', y)
    check_same_dtype('bernoulli_nll', x, y, ('x', 'y'))
    check_same_shape('bernoulli_nll', x, y, ('x', 'y'))
    # softplus(y) - x y, recorded as Chainer records it (Softplus, Mul, Sub)
    return _reduce(softplus(y) - x * y, reduce)


def gaussian_nll(x, mean, ln_var, reduce='sum'):
    """Negative log-likelihood of ``x`` under N(mean, exp(ln_var)) (diagonal).

    Elementwise it is ``(ln_var + log(2 pi)) / 2 + (x - mean)**2 * exp(-ln_var) / 2``.

    Args:
        x (Variable or array): data, a float array of any shape.
        mean (Variable or array): means of the Gaussian, of ``x``'s shape.
        ln_var (Variable or array): log variances, of ``x``'s shape.
        reduce (str): 'sum' or 'mean' for a scalar (the sum or the mean of the
            elementwise values), 'no' for the elementwise values.

    Returns:
        Variable: of ``x``'s dtype: a scalar (shape ``()``) for 'sum' and 'mean', or
        of ``x``'s shape for 'no'.
    """
    check_reduce('gaussian_nll', reduce, _REDUCTIONS)
    x, mean, ln_var = (core.as_variable(v) for v in (x, mean, ln_var))
    check_same_shape('gaussian_nll', x, mean, ('x', 'mean'))
    check_same_shape('gaussian_nll', x, ln_var, ('x', 'ln_var'))
    # in Chainer's order of operations, so that the graph holds Chainer's nodes
    precision = exp(-ln_var)
    diff = x - mean
    power = diff * diff * precision * -0.5
    loss = (ln_var + _LOG_2PI) / 2 - power
    return _reduce(loss, reduce)
