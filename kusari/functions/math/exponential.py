"""Exponential and logarithms."""

import math

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Exp(UnaryElementwise):
    name = label = 'exp'
    derivative_on_arrays = True
    _output_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.exp(x))
    derivative = staticmethod(lambda x, y, gy: gy * y)


@unary_doc
def exp(x):
    """Elementwise exponential ``e ** x``."""
    return Exp().apply((x,))[0]


class Log(UnaryElementwise):
    name = label = 'log'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.log(x))
    derivative = staticmethod(lambda x, y, gy: gy / x)


@unary_doc
def log(x):
    """Elementwise natural logarithm."""
    return Log().apply((x,))[0]


class Log2(UnaryElementwise):
    name = label = 'log2'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.log2(x))
    derivative = staticmethod(lambda x, y, gy: gy / x * (1 / math.log(2)))


@unary_doc
def log2(x):
    """Elementwise base-2 logarithm."""
    return Log2().apply((x,))[0]


class Log10(UnaryElementwise):
    name = label = 'log10'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.log10(x))
    derivative = staticmethod(lambda x, y, gy: gy / x * (1 / math.log(10)))


@unary_doc
def log10(x):
    """Elementwise base-10 logarithm."""
    return Log10().apply((x,))[0]
