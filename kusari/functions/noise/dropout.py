"""Dropout."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.configuration import config


class Dropout(core.FunctionNode):
    """Multiplies by a random mask of 0 and 1/(1-dropout_ratio); its backward reuses the mask."""

    def __init__(self, dropout_ratio, mask=None):
        self.dropout_ratio = dropout_ratio
        self.mask = mask

    def forward(self, inputs):
        x, = inputs
        check_float('dropout', 'x', x)
        if self.mask is None:
            xp = get_array_module(x)
            scale = x.dtype.type(1.0 / (1.0 - self.dropout_ratio))
            if xp is numpy:
                keep = numpy.random.random_sample(x.shape) >= self.dropout_ratio
            else:
                keep = xp.random.random_sample(x.shape, dtype=numpy.float32) >= self.dropout_ratio
            self.mask = keep * scale
        elif self.mask.shape != x.shape:
            fail('dropout', 'mask', 'shape {}'.format(x.shape), self.mask.shape)
        return x * self.mask,

    def backward(self, indexes, grad_outputs):
        return MaskMul(self.mask).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return MaskMul(self.mask).forward(grad_outputs)


class MaskMul(core.FunctionNode):
    """Multiplication by a constant array; linear, so its backward is itself."""

    def __init__(self, mask):
        self.mask = mask

    def forward(self, inputs):
        return inputs[0] * self.mask,

    def backward(self, indexes, grad_outputs):
        return MaskMul(self.mask).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return self.forward(grad_outputs)


def dropout(x, ratio=.5, **kwargs):
    """Drops elements of ``x`` with probability ``ratio`` and scales the rest by 1/(1-ratio).

    It is the identity when ``config.train`` is False.

    Args:
        x (Variable or array): a float array of any shape.
        ratio (float): dropout ratio in [0, 1).
        mask (array): a given mask (already scaled) of ``x``'s shape, to use instead
            of a random one.
        return_mask (bool): also return the mask used (None when not training).

    Returns:
        Variable: of ``x``'s shape and dtype (``x`` itself as a Variable when not
        training); ``(y, mask)`` with ``return_mask``, the mask an array of ``x``'s
        shape and dtype.

    >>> import numpy as np
    >>> import kusari
    >>> x = np.ones((2, 3), dtype=np.float32)
    >>> with kusari.using_config('train', False):
    ...     dropout(x).array
    array([[1., 1., 1.],
           [1., 1., 1.]], dtype=float32)
    """
    if 'train' in kwargs:
        raise ValueError('dropout: the train argument is not supported anymore; use '
                         "kusari.using_config('train', ...)")
    mask = kwargs.pop('mask', None)
    return_mask = kwargs.pop('return_mask', False)
    if kwargs:
        raise TypeError('dropout() got unexpected arguments: {}'.format(', '.join(kwargs)))
    if not 0.0 <= ratio < 1.0:
        fail('dropout', 'ratio', 'a value in [0, 1)', ratio)
    if not config.train:
        y = core.as_variable(x)
        return (y, None) if return_mask else y
    node = Dropout(ratio, mask)
    y = node.apply((x,))[0]
    return (y, node.mask) if return_mask else y
