"""Axis arguments, checked before NumPy sees them: a bad axis is an InvalidType naming
the function, never NumPy's AxisError, an IndexError or a silently different axis."""

from kusari.functions._checks import fail, int_axes, is_int, normalize_axis


def axes_of(func, axis, ndim):
    """``axis`` (an int or a sequence of ints) as distinct non-negative axes of ``ndim``.

    Unlike reductions, these functions have no axis to act on in a 0-d array.
    """
    if ndim == 0:
        fail(func, 'x', 'an array with at least one axis', 'a 0-d array')
    return normalize_axis(func, axis, ndim, none_allowed=False)


def axis_of(func, axis, ndim):
    """One int ``axis`` as a non-negative axis of ``ndim``."""
    if not is_int(axis):
        fail(func, 'axis', 'an int', repr(axis))
    return axes_of(func, int(axis), ndim)[0]


def reduction_axes(func, axis, ndim):
    """The axes a reduction runs over: None (all), an int or a tuple of ints (a list is a
    TypeError, as in Chainer).

    A 0-d array has no axis to name (only None or ``()``), as in NumPy.
    """
    if axis is None:
        return tuple(range(ndim))
    if not (is_int(axis) or isinstance(axis, tuple)):  # as Chainer's: not a list
        fail(func, 'axis', 'None, an int or a tuple of ints', repr(axis))
    axes = int_axes(func, axis)
    for a in axes:
        if not -ndim <= a < ndim:
            fail(func, 'axis', 'an axis of a {}-d array, in [{}, {})'.format(
                ndim, -ndim, ndim), a)
    return normalize_axis(func, axes, ndim)
