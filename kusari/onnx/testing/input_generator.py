"""Deterministic test inputs: increasing values, with negatives, zero and fractions."""

import numpy


def _increasing(shape, dtype, negative=True, bias=0):
    values = numpy.arange(numpy.prod(shape)).reshape(shape)
    if negative:
        values -= values.size // 2
    if dtype in (numpy.float32, numpy.float64):
        values = values * 0.5
    return (values + bias).astype(dtype)


def shaped_range(*shape, dtype=numpy.float32):
    """``0, 1, 2, ...`` in ``shape`` (an integer array; ``dtype`` is unused, as in Chainer)."""
    return numpy.arange(numpy.prod(shape)).reshape(shape)


def increasing(*shape, dtype=numpy.float32):
    """Increasing values centred on zero, in steps of 0.5 for float dtypes.

    >>> increasing(2, 3)
    array([[-1.5, -1. , -0.5],
           [ 0. ,  0.5,  1. ]], dtype=float32)
    """
    return _increasing(shape, dtype)


def nonzero_increasing(*shape, dtype=numpy.float32, bias=1e-7):
    """:func:`increasing` shifted by ``bias`` so that no value is zero (for divisors)."""
    assert dtype in (numpy.float32, numpy.float64)
    return _increasing(shape, dtype, bias=bias)


def positive_increasing(*shape, dtype=numpy.float32, bias=1e-7):
    """Increasing positive values from ``bias`` in steps of 0.5 (for log, sqrt...)."""
    return _increasing(shape, dtype, negative=False, bias=bias)
