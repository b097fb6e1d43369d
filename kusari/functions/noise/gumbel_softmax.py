"""Sampling from the Gumbel-softmax (concrete) distribution."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float


def gumbel_softmax(log_pi, tau=0.1, axis=1):
    """Draws a relaxed one-hot sample ``softmax((log_pi + g) / tau)`` with Gumbel noise ``g``.

    Args:
        log_pi (Variable or array): unnormalized log-probabilities, a float array of
            any shape, e.g. ``(N, K)`` with the categories along ``axis=1``.
        tau (float or Variable): the temperature, a scalar or a Variable whose shape
            broadcasts to ``log_pi``'s, e.g. ``(N, 1)``; small values approach
            one-hot samples.
        axis (int): the axis of the categories.

    Returns:
        Variable: the sample, of ``log_pi``'s shape and dtype (a 0-d ``log_pi``
        gives 1).
    """
    from kusari.functions.activation.softmax import softmax
    array = core.as_array(log_pi)
    check_float('gumbel_softmax', 'log_pi', array)
    xp = get_array_module(array)
    if array.ndim == 0:
        return core.Variable(xp.ones((), array.dtype))
    if xp is numpy:
        g = numpy.random.gumbel(size=array.shape).astype(array.dtype)
    else:
        g = xp.random.gumbel(size=array.shape, dtype=numpy.float32).astype(array.dtype)
    return softmax((log_pi + g) / tau, axis=axis)
