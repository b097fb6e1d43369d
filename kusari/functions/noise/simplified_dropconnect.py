"""A linear layer whose weights are randomly dropped (simplified DropConnect)."""

import math

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions._dtypes import cast_to
from kusari.functions.connection._conv_args import check_bias_dtype


class SimplifiedDropconnect(core.FunctionNode):
    """``y = x (W * mask / (1 - ratio))^T + b`` with a 0/1 mask per weight.

    The mask has shape ``W.shape``, or ``(n,) + W.shape`` for one mask per sample.
    """

    _input_indexes_to_retain = (0, 1)

    def __init__(self, ratio, batchwise_mask, mask=None):
        self.ratio = ratio
        self.batchwise_mask = batchwise_mask
        self.mask = mask

    def forward(self, inputs):
        x, W = inputs[:2]
        check_float('simplified_dropconnect', 'x', x)
        check_float('simplified_dropconnect', 'W', W)
        if W.ndim != 2 or x.ndim < 2 or math.prod(x.shape[1:]) != W.shape[1]:
            fail('simplified_dropconnect', 'shapes of x and W',
                 'x of shape (n, ...) with W.shape[1] elements per sample and a 2-d W',
                 '{} and {}'.format(x.shape, W.shape))
        if len(inputs) == 3:
            if inputs[2].shape != W.shape[:1]:
                fail('simplified_dropconnect', 'b', 'shape {}'.format(W.shape[:1]),
                     inputs[2].shape)
            check_bias_dtype('simplified_dropconnect', x, inputs[2])
        xp = get_array_module(x)
        mask_shape = (x.shape[0],) + W.shape if self.batchwise_mask else W.shape
        if self.mask is None:
            if xp is numpy:
                draw = numpy.random.random_sample(mask_shape)
            else:
                draw = xp.random.random_sample(mask_shape, dtype=numpy.float32)
            self.mask = draw >= self.ratio
        elif self.mask.shape != mask_shape:
            fail('simplified_dropconnect', 'mask', 'shape {}'.format(mask_shape),
                 self.mask.shape)
        else:
            self.mask = xp.asarray(self.mask)
        # W may have another float dtype than x: computed in the promoted dtype, y in x's
        y = dropped_linear(x.reshape(len(x), -1), W, self._scaled_mask(W.dtype))
        y = y.astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y += inputs[2]
        return y,

    def _scaled_mask(self, dtype):
        return self.mask * dtype.type(1.0 / (1.0 - self.ratio))

    def backward(self, indexes, grad_outputs):
        from kusari.functions.array.reshape import reshape
        from kusari.functions.math.matmul import matmul
        from kusari.functions.math.sum import sum as sum_
        gy, = grad_outputs
        x, W = self.get_retained_inputs()
        flat = reshape(x, (len(x), -1))
        ret = []
        for i in indexes:
            if i == 0:  # in the promoted dtype of x and W, as the forward
                dtype = numpy.promote_types(x.dtype, W.dtype)
                g, masked = cast_to(gy, dtype), cast_to(W, dtype) * self._scaled_mask(dtype)
                if self.batchwise_mask:  # gx[n, k] = sum_j gy[n, j] W[j, k] mask[n, j, k]
                    gx = sum_(reshape(g, g.shape + (1,)) * masked, axis=1)
                else:
                    gx = matmul(g, masked)
                ret.append(cast_to(reshape(gx, x.shape), x.dtype))
            elif i == 1:  # in gy's dtype (x's, unless a gradient check casts gy)
                mask = self._scaled_mask(gy.dtype)
                rows = cast_to(flat, gy.dtype)
                if self.batchwise_mask:  # gW[j, k] = sum_n gy[n, j] x[n, k] mask[n, j, k]
                    outer = reshape(gy, gy.shape + (1,)) * reshape(rows, (len(x), 1, -1))
                    gW = sum_(outer * mask, axis=0)
                else:
                    gW = matmul(gy, rows, transa=True) * mask
                ret.append(cast_to(gW, W.dtype))
            else:
                ret.append(sum_(gy, axis=0))
        return tuple(ret)


def dropped_linear(x, W, mask):
    """``x @ (W * mask).T`` for a mask of ``W``'s shape or one mask per row of ``x``."""
    xp = get_array_module(x)
    if mask.ndim == 2:
        return x @ (W * mask).T
    return xp.matmul((W * mask), x[:, :, None])[:, :, 0]


def simplified_dropconnect(x, W, b=None, ratio=.5, train=True, mask=None,
                           use_batchwise_mask=True):
    """A linear function whose weights are dropped with probability ``ratio``.

    Kept weights are scaled by ``1 / (1 - ratio)``; ``y = x W'^T + b``.

    Args:
        x (Variable or array): input of shape ``(n, ...)`` with ``N`` elements per
            sample.
        W (Variable or array): weights of shape ``(M, N)``.
        b (Variable or array): optional bias of shape ``(M,)``.
        ratio (float): probability of dropping a weight, in [0, 1).
        train (bool): when False, no weight is dropped (a plain linear function).
        mask (array): a 0/1 mask to use, of shape ``(n, M, N)`` (or ``(M, N)`` when
            ``use_batchwise_mask`` is False); None draws one.
        use_batchwise_mask (bool): draw one mask per sample.

    Returns:
        Variable: output of shape ``(n, M)``.
    """
    if not train:
        ratio = 0.0
    if not 0.0 <= ratio < 1.0:
        fail('simplified_dropconnect', 'ratio', 'a value in [0, 1)', ratio)
    if mask is not None:
        mask = core.as_array(mask)
    node = SimplifiedDropconnect(ratio, use_batchwise_mask, mask)
    inputs = (x, W) if b is None else (x, W, b)
    return node.apply(inputs)[0]
