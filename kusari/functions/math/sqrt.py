"""Square root and reciprocal square root."""

import numpy

from kusari.backend import get_array_module
from kusari.functions.math._elementwise import unary


def _rsqrt(xp, x):
    y = xp.sqrt(x)
    return xp.reciprocal(y, out=y) if y.ndim else 1 / y


Sqrt, sqrt = unary('sqrt', lambda xp, x: xp.sqrt(x), lambda x, y, gy: gy * 0.5 / y, uses='y',
                   doc='Elementwise square root.')
# Chainer's fused node for GPU arrays
RsqrtGPU, _fused_rsqrt = unary('rsqrt', _rsqrt, lambda x, y, gy: gy * -0.5 * y * y * y,
                               uses='y', node_name='RsqrtGPU', doc='')


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
    return _fused_rsqrt(x)
