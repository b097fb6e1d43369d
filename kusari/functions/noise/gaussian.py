"""Sampling from a Gaussian with the reparameterization trick."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail


class Gaussian(core.FunctionNode):
    """``mean + exp(ln_var / 2) * eps`` for a standard normal ``eps`` kept for backward."""

    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, eps=None):
        self.eps = eps

    def forward(self, inputs):
        mean, ln_var = inputs
        check_float('gaussian', 'mean', mean)
        if ln_var.dtype != mean.dtype or ln_var.shape != mean.shape:
            fail('gaussian', 'ln_var', 'shape {} and dtype {} (as mean)'.format(
                mean.shape, mean.dtype), 'shape {} and dtype {}'.format(ln_var.shape,
                                                                      ln_var.dtype))
        xp = get_array_module(mean)
        if self.eps is None:
            if xp is numpy:
                self.eps = numpy.random.standard_normal(ln_var.shape).astype(mean.dtype)
            else:
                self.eps = xp.random.standard_normal(ln_var.shape, dtype=numpy.float32).astype(
                    mean.dtype, copy=False)
        elif self.eps.shape != mean.shape:
            fail('gaussian', 'eps', 'shape {}'.format(mean.shape), self.eps.shape)
        else:
            self.eps = xp.asarray(self.eps)
        noise = xp.exp(ln_var * mean.dtype.type(0.5))
        noise *= self.eps
        noise += mean
        return noise,

    def backward(self, indexes, grad_outputs):
        mean, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return _gradients(indexes, grad_outputs[0], mean, y)

    def backward_arrays(self, indexes, grad_outputs):
        return _gradients(indexes, grad_outputs[0], *self.get_retained_arrays())


def _gradients(indexes, gy, mean, y):
    """The gradients of the targets among (mean, ln_var), of Variables or of arrays:
    operators alone, so both forms. d y / d ln_var = (y - mean) / 2."""
    ret = []
    for i in indexes:
        ret.append(gy if i == 0 else gy * (y - mean) * 0.5)
    return tuple(ret)


def gaussian(mean, ln_var, **kwargs):
    """gaussian(mean, ln_var, *, eps=None, return_eps=False)

    Draws a sample from ``N(mean, exp(ln_var))`` as ``mean + exp(ln_var / 2) * eps``.

    Args:
        mean (Variable or array): the mean, a float array of any shape.
        ln_var (Variable or array): the log of the variance, of ``mean``'s shape and
            dtype.
        eps (array): the standard normal noise to use, of ``mean``'s shape (None:
            drawn at random).
        return_eps (bool): also return the noise used.

    Returns:
        Variable: the sample, of ``mean``'s shape and dtype; with ``return_eps`` a
        tuple of it and the noise array (of the same shape and dtype).
    """
    eps = kwargs.pop('eps', None)
    return_eps = kwargs.pop('return_eps', False)
    if kwargs:
        raise TypeError('gaussian() got unexpected arguments: {}'.format(', '.join(kwargs)))
    node = Gaussian(eps)
    y = node.apply((mean, ln_var))[0]
    return (y, node.eps) if return_eps else y
