"""Piecewise-constant elementwise functions: floor, ceil, fix and sign.

Their derivative is zero almost everywhere, so, as in Chainer, they return a Variable
that is not part of the graph (it requires no gradient).
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.math._elementwise import force_array


def _constant_result(ufunc, x):
    array = core.as_array(x)
    # NumPy has no sign of booleans and no floor/ceil/fix of complex numbers.
    if array.dtype.kind not in 'iuf':
        fail(ufunc, 'x', 'an array of real numbers', 'dtype {}'.format(array.dtype))
    xp = get_array_module(array)
    return core.as_variable(force_array(getattr(xp, ufunc)(array), array.dtype))


def floor(x):
    """Elementwise floor (largest integer not above ``x``); not differentiable."""
    return _constant_result('floor', x)


def ceil(x):
    """Elementwise ceiling (smallest integer not below ``x``); not differentiable."""
    return _constant_result('ceil', x)


def fix(x):
    """Elementwise rounding toward zero; not differentiable."""
    return _constant_result('fix', x)


def sign(x):
    """Elementwise sign (-1, 0 or 1); not differentiable."""
    return _constant_result('sign', x)
