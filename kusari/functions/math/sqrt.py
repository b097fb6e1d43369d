"""Square root and reciprocal square root."""

import numpy

from kusari.backend import get_array_module
from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


def _rsqrt(xp, x):
    y = xp.sqrt(x)
    return xp.reciprocal(y, out=y) if y.ndim else 1 / y


class Sqrt(UnaryElementwise):
    name = label = 'sqrt'
    derivative_on_arrays = True
    _output_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.sqrt(x))
    derivative = staticmethod(lambda x, y, gy: gy * 0.5 / y)


@unary_doc
def sqrt(x):
    """Elementwise square root."""
    return Sqrt().apply((x,))[0]


class RsqrtGPU(UnaryElementwise):
    """Chainer's fused node for GPU arrays."""

    name = label = 'rsqrt'
    derivative_on_arrays = True
    _output_indexes_to_retain = (0,)
    compute = staticmethod(_rsqrt)
    derivative = staticmethod(lambda x, y, gy: gy * -0.5 * y * y * y)


def rsqrt(x):
    """Elementwise reciprocal square root ``1 / sqrt(x)``.

    As in Chainer, the graph holds one RsqrtGPU node for GPU arrays and ``1.0 / sqrt(x)``
    (Sqrt, DivFromConstant) for CPU arrays.

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, computed elementwise.
    """
    if get_array_module(x) is numpy:
        return 1.0 / sqrt(x)
    return RsqrtGPU().apply((x,))[0]
