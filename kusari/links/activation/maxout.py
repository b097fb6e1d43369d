"""Maxout units (Goodfellow et al., 2013)."""

from __future__ import annotations

import typing

import numpy

from kusari import functions as F
from kusari.initializer import Initializer
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


def _as_linear_initializer(initializer, shape, linear_shape, what):
    """Maxout's view of an initializer of arrays of ``shape`` as one of the Linear's
    parameter of ``linear_shape`` (the same elements in the same order)."""
    if initializer is None or numpy.isscalar(initializer) or isinstance(
            initializer, Initializer):
        return initializer  # Initializer objects fill the Linear's parameter, as in Chainer
    if isinstance(initializer, numpy.ndarray) or hasattr(initializer, '__cuda_array_interface__'):
        if initializer.shape != shape:
            raise ValueError('Maxout: {} must have shape {}, got {}'.format(
                what, shape, initializer.shape))
        return initializer.reshape(linear_shape)
    if callable(initializer):
        def fill(array):
            initializer(array.reshape(shape))
        return fill
    raise ValueError('Maxout: {} must be None, a scalar, an array or a callable'.format(what))


class Maxout(Chain):
    """``y_i = max_k (W_ik x + b_ik)`` over ``pool_size`` linear pieces per unit.

    The child ``linear`` (in_size -> out_size * pool_size) holds the parameters.

    Args:
        in_size (int or None): input size; None infers it from the first input.
        out_size (int): output size.
        pool_size (int): linear pieces per output unit.
        initialW: initializer of the weight (default None: LeCunNormal); an array (or
            what a callable fills) has shape ``(out_size, pool_size, in_size)``.
        initial_bias: initializer of the bias (default 0); an array must have shape
            ``(out_size, pool_size)``; None means no bias.
    """

    def __init__(self, in_size: int | None, out_size: int, pool_size: int,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = 0) -> None:
        super().__init__()
        linear_out = out_size * pool_size
        initialW = _as_linear_initializer(initialW, (out_size, pool_size, in_size),
                                          (linear_out, in_size), 'initialW')
        bias = _as_linear_initializer(initial_bias, (out_size, pool_size), (linear_out,),
                                      'initial_bias')
        with self.init_scope():
            self.linear = Linear(in_size, linear_out, nobias=initial_bias is None,
                                 initialW=initialW, initial_bias=bias)
        self.out_size = out_size
        self.pool_size = pool_size

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the maxout units.

        Args:
            x: input of shape ``(N, in_size)``, or ``(N, ...)`` with ``in_size``
                elements per sample.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_size)``.
        """
        return F.maxout(self.linear(x), self.pool_size)
