"""Fully connected layer: ``y = x W^T + b``."""

import numpy

from kusari import core
from kusari.functions._checks import check_float, fail
from kusari.functions._dtypes import cast_to
from kusari.functions.connection._conv_args import check_bias_dtype
from kusari.functions.array.reshape import reshape
from kusari.functions.math.sum import sum as sum_

_ndarray, _add_reduce = numpy.ndarray, numpy.add.reduce


def _affine(x, W, b):
    """The forward for checked arrays of one dtype, as a static replay calls it."""
    y = x.dot(W.T)
    y += b
    return y


class LinearFunction(core.FunctionNode):
    """``x W^T (+ b)`` for 2-d ``x`` and ``W``; inputs are (x, W) or (x, W, b)."""

    _input_indexes_to_retain = (0, 1)  # fixed, so declared instead of retained per call

    def forward(self, inputs):
        x, W = inputs[0], inputs[1]
        if x.ndim != 2 or W.ndim != 2 or x.shape[1] != W.shape[1]:
            fail('linear', 'shapes of x and W', 'x of shape (N, {0}) and W of shape (M, {0})'
                 .format(W.shape[1] if W.ndim == 2 else 'K'),
                 'x {} and W {}'.format(x.shape, W.shape))
        y = x.dot(W.T)
        if y.dtype is not x.dtype or x.dtype.kind != 'f':  # `is`: the cheap test
            # W may have another float dtype (Chainer's rule): y is computed in the
            # promoted dtype and returned in x's.
            check_float('linear', 'x', x)
            check_float('linear', 'W', W)
            y = y.astype(x.dtype)
        if len(inputs) == 3:
            b = inputs[2]
            if b.shape != (W.shape[0],):
                fail('linear', 'b', 'shape ({},)'.format(W.shape[0]), 'shape {}'.format(b.shape))
            if b.dtype is not x.dtype:  # `is`: the cheap test
                check_bias_dtype('linear', x, b)
            y += b
        return y,

    def replay_kernel(self, inputs):  # see static_graph (which checks the dtype it gives)
        x = inputs[0]
        if len(inputs) == 3 and all([a.dtype is x.dtype for a in inputs]):
            return _affine
        return None

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        return _gradients(indexes, grad_outputs[0], x, W, _sum_rows, cast_to)

    def backward_arrays(self, indexes, grad_outputs):
        inputs = self.inputs  # their nodes hold the arrays retained (get_retained_arrays'
        # read without its call: 2.62 -> 2.42 us of 2 x 3 arrays, timeit's best)
        return _gradients(indexes, grad_outputs[0], inputs[0].data, inputs[1].data,
                          _sum_array_rows, _cast)


def _gradients(indexes, gy, x, W, sum_rows, cast):
    """The gradients of the targets among (x, W, b), for Variables (the graph form) or
    arrays (the array form), each form giving its own ``sum_rows`` and ``cast``."""
    ret = []  # a loop: a comprehension would build a closure, a per-op cost
    for i in indexes:
        ret.append(gy @ W if i == 0 else gy.T @ x if i == 1 else sum_rows(gy))
    if x.dtype is not W.dtype:  # `is`: the cheap test; equal dtypes need no cast either
        ret = _in_input_dtypes(x.dtype, W.dtype, indexes, ret, cast)
    return tuple(ret)


def _sum_rows(gy):
    return sum_(gy, axis=0)


def _sum_array_rows(gy):
    # NumPy's reduction without ndarray.sum's Python wrapper: 914 -> 833 ns on 8 x 100
    # (timeit's best)
    return _add_reduce(gy, 0) if type(gy) is _ndarray else gy.sum(axis=0)


def _in_input_dtypes(x_dtype, W_dtype, indexes, grads, cast):
    """The gradients of x and W back in their inputs' dtypes (the products have the
    promoted dtype)."""
    dtypes = x_dtype, W_dtype
    return [cast(gx, dtypes[i]) if i < 2 else gx for i, gx in zip(indexes, grads)]


def _cast(array, dtype):
    return array if array.dtype == dtype else array.astype(dtype)


def check_batch_axis(x, n_batch_axes):
    """A 1-d ``x`` is one example without its batch axis, not a batch of scalars."""
    if n_batch_axes == 1 and x.ndim < 2:
        fail('linear', 'x', 'an array of shape (batch_size, in_size); for a single example '
             'add the batch axis with x[None] or x.reshape(1, -1)', 'shape {}'.format(x.shape))


def linear(x, W, b=None, n_batch_axes=1):
    """Linear function (fully connected layer) ``y = x W^T + b``.

    Args:
        x (Variable or array): float input of shape ``(s_1, ..., s_n, ...)`` with
            ``n = n_batch_axes``; the axes after those are flattened into one of
            length ``K``.
        W (Variable or array): weight of shape ``(M, K)``.
        b (Variable, array or None): bias of shape ``(M,)``.
        n_batch_axes (int): number of leading batch axes of ``x``.

    Returns:
        Variable: of shape ``(s_1, ..., s_n, M)`` and ``x``'s dtype.
    """
    if n_batch_axes <= 0:
        fail('linear', 'n_batch_axes', 'a positive integer', n_batch_axes)
    batch_shape = x.shape[:n_batch_axes]
    if x.ndim != 2 or n_batch_axes != 1:
        check_batch_axis(x, n_batch_axes)
        rows = 1
        for d in batch_shape:
            rows *= d
        x = reshape(x, (rows, -1) if rows else (0, W.shape[1]))
    inputs = (x, W) if b is None else (x, W, b)
    y = LinearFunction().apply(inputs)[0]
    if n_batch_axes > 1:
        y = reshape(y, batch_shape + (y.shape[-1],))
    return y
