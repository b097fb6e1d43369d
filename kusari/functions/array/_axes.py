"""Axis arguments of array functions, checked against arrays with at least one axis."""

import numbers

from kusari.functions._checks import fail, normalize_axis


def axes_of(func, axis, ndim):
    """``axis`` (an int or a sequence of ints) as distinct non-negative axes of ``ndim``.

    Unlike reductions, these functions have no axis to act on in a 0-d array.
    """
    if ndim == 0:
        fail(func, 'x', 'an array with at least one axis', 'a 0-d array')
    return normalize_axis(func, axis, ndim)


def axis_of(func, axis, ndim):
    """One int ``axis`` as a non-negative axis of ``ndim``."""
    if not isinstance(axis, numbers.Integral):
        fail(func, 'axis', 'an int', axis)
    return axes_of(func, int(axis), ndim)[0]
