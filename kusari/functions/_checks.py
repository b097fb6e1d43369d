"""Cheap input checks for functions, with readable errors built only on failure."""

import numbers

import numpy

from kusari.utils.type_check import InvalidType
from kusari.configuration import config


class ChainerAssertionError(AssertionError, ValueError):
    """A bad argument where Chainer raises AssertionError (its tests and users catch that);
    also a ValueError, as kusari's other argument errors are."""


def values_checkable(array):
    """Whether checks that read the values of ``array`` (label ranges, index bounds) run.

    Always for NumPy arrays; for GPU arrays only in debug mode (``config.debug``), as
    Chainer does: reading values waits for the GPU and copies to the host on every call.
    """
    if isinstance(array, numpy.ndarray):
        return True
    return bool(config.debug)


def fail(func, arg, expected, actual):
    """Raise InvalidType naming the function, the argument, expected and actual."""
    raise InvalidType(expected, actual, msg='{}: invalid {}: expected {}, but got {}'.format(
        func, arg, expected, actual))


def check_float(func, arg, array):
    if array.dtype.kind != 'f':
        fail(func, arg, 'a floating-point array', 'dtype {}'.format(array.dtype))


def check_same_dtype(func, a, b, names=('x0', 'x1')):
    if a.dtype != b.dtype:
        fail(func, 'dtypes of {} and {}'.format(*names), 'equal dtypes',
             '{} and {}'.format(a.dtype, b.dtype))


def check_ndim(func, arg, array, ndim):
    if array.ndim != ndim:
        fail(func, arg, '{}-d array'.format(ndim), 'shape {}'.format(array.shape))


def check_broadcastable(func, a, b, names=('x0', 'x1')):
    """Return the broadcast shape of two shapes, or fail naming both."""
    shape = []
    for da, db in zip(reversed(a.shape), reversed(b.shape)):
        if da != db and da != 1 and db != 1:
            fail(func, 'shapes of {} and {}'.format(*names), 'broadcastable shapes',
                 '{} and {}'.format(a.shape, b.shape))
        shape.append(max(da, db) if 0 not in (da, db) else 0)
    longer = a.shape if a.ndim >= b.ndim else b.shape
    return tuple(longer[:abs(a.ndim - b.ndim)]) + tuple(reversed(shape))


def is_int(value):
    """Whether ``value`` is an integer (a bool is not)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def int_axes(func, axis, none_allowed=True):
    """``axis`` (an int or a tuple or list of ints) as a tuple of ints; anything else fails
    naming ``func`` (the message lists None where the caller takes it)."""
    axes = (axis,) if is_int(axis) else axis
    if not isinstance(axes, (tuple, list)) or not all(is_int(a) for a in axes):
        fail(func, 'axis', ('None, ' if none_allowed else '') + 'an int or a tuple of ints',
             repr(axis))
    return tuple(int(a) for a in axes)


def normalize_axis(func, axis, ndim, none_allowed=True):
    """``axis`` as a tuple of non-negative ints (None: every axis, where allowed)."""
    if axis is None and none_allowed:
        return tuple(range(ndim))
    out = []
    for a in int_axes(func, axis, none_allowed):
        if not -ndim <= a < max(ndim, 1):
            fail(func, 'axis', 'an axis in [{}, {})'.format(-ndim, ndim), a)
        out.append(a % ndim if ndim else 0)
    if len(set(out)) != len(out):
        fail(func, 'axis', 'distinct axes', axis)
    return tuple(out)


def check_stackable(func, xs, same_shape_below):
    """Chainer's rule for vstack/dstack: one dtype and one ndim for all ``xs``, and one
    shape while ndim is below ``same_shape_below``."""
    x0 = xs[0]
    for i, x in enumerate(xs[1:], 1):
        if x.dtype != x0.dtype or x.ndim != x0.ndim or (
                x.ndim < same_shape_below and x.shape != x0.shape):
            fail(func, 'xs[{}]'.format(i), 'the dtype and ndim{} of xs[0] ({}, shape {})'.format(
                ' and shape' if x0.ndim < same_shape_below else '', x0.dtype, x0.shape),
                 '{}, shape {}'.format(x.dtype, x.shape))
