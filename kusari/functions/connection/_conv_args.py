"""Argument normalization and input checks shared by the convolution functions."""

import numbers

from kusari.functions._checks import check_float, fail
from kusari.utils import argument
from kusari.configuration import config


def ntuple(func, name, value, n, minimum=1):
    """``value`` (an int or a sequence of ``n`` ints) as a tuple of ``n`` ints >= ``minimum``."""
    if isinstance(value, numbers.Integral):
        values = (int(value),) * n
    else:
        try:
            values = tuple(int(v) for v in value)
        except TypeError:
            fail(func, name, 'an int or a sequence of {} ints'.format(n), repr(value))
        if len(values) != n:
            fail(func, name, 'an int or a sequence of {} ints'.format(n), repr(value))
    if any(v < minimum for v in values):
        fail(func, name, 'values >= {}'.format(minimum), repr(value))
    return values


def parse_2d_kwargs(func, kwargs):
    """``(dilate, groups)`` from the keyword-only arguments of the 2-d (de)convolutions."""
    return argument.parse_kwargs_of(
        func, dict(kwargs), ('dilate', 1), ('groups', 1),
        deterministic='{}: the deterministic argument is not supported anymore; use '
                      "kusari.using_config('cudnn_deterministic', value) instead".format(func))


def unpack_inputs(func, inputs):
    """``(x, W, b)`` from the inputs ``(x, W)`` or ``(x, W, b)`` (``b`` None when absent)."""
    if len(inputs) not in (2, 3):
        fail(func, 'number of inputs', '2 or 3 (x, W and optionally b)', len(inputs))
    return inputs[0], inputs[1], inputs[2] if len(inputs) == 3 else None


def check_inputs(func, x, W, b, groups, transposed):
    """Check dtypes and shapes of a (transposed) convolution's ``x``, ``W`` and ``b``.

    The float dtypes may differ (Chainer's rule): the output has ``x``'s dtype and each
    gradient its input's.

    ``W`` is ``(O, C/groups, *k)`` for a convolution and ``(C, O/groups, *k)``
    for a transposed one, where ``C`` is ``x``'s channel count.
    """
    check_float(func, 'x', x)
    check_float(func, 'W', W)
    if x.ndim != W.ndim or x.ndim < 3:
        fail(func, 'shapes of x and W', 'x (N, C, *S) and W with as many axes (at least 3)',
             'x {} and W {}'.format(x.shape, W.shape))
    if transposed:
        if x.shape[1] != W.shape[0] or W.shape[0] % groups:
            fail(func, 'shapes of x and W',
                 'x.shape[1] == W.shape[0], divisible by groups={}'.format(groups),
                 'x {} and W {}'.format(x.shape, W.shape))
        out_channels = W.shape[1] * groups
    else:
        if x.shape[1] != W.shape[1] * groups or W.shape[0] % groups:
            fail(func, 'shapes of x and W',
                 'x.shape[1] == W.shape[1] * groups and W.shape[0] divisible by groups '
                 '(groups={})'.format(groups), 'x {} and W {}'.format(x.shape, W.shape))
        out_channels = W.shape[0]
    if b is not None and (b.shape != (out_channels,) or b.dtype.kind != 'f'):
        fail(func, 'b', 'a floating-point array of shape ({},)'.format(out_channels),
             'shape {} and dtype {}'.format(b.shape, b.dtype))


def check_bias_dtype(func, x, b):
    """``b`` in ``x``'s dtype, as Chainer's 2-d (de)convolutions, linear and
    simplified_dropconnect want (the N-d convolutions take any float dtype); a type check,
    so ``config.type_check=False`` skips it."""
    if b is not None and b.dtype != x.dtype and config.type_check:
        fail(func, 'b', 'dtype {} (the dtype of x)'.format(x.dtype), 'dtype {}'.format(b.dtype))


def apply_node(node, x, W, b):
    """The output of a convolution node applied to ``x``, ``W`` and ``b`` (None: no bias)."""
    return node.apply((x, W) if b is None else (x, W, b))[0]
