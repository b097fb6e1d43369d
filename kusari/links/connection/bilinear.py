"""Bilinear layer."""

from __future__ import annotations

import typing

from kusari import backend
from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.functions._checks import ChainerAssertionError
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Bilinear(Link):
    """``y_k = e1^T W_k e2 + V1_k^T e1 + V2_k^T e2 + b_k``.

    Parameters: ``W`` (left_size, right_size, out_size), and unless ``nobias``,
    ``V1`` (left_size, out_size), ``V2`` (right_size, out_size), ``b`` (out_size,).

    Args:
        left_size (int): size of the first input.
        right_size (int): size of the second input.
        out_size (int): output size.
        nobias (bool): only the bilinear term when True (default False).
        initialW: initializer of W (default None: LeCunNormal).
        initial_bias (tuple or None): initializers ``(V1, V2, b)`` (default None:
            LeCunNormal, LeCunNormal, zeros).
    """

    def __init__(self, left_size: int, right_size: int, out_size: int, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: tuple[types.InitializerSpec | None, ...] | None = None
                 ) -> None:
        super().__init__()
        self.in_sizes = (left_size, right_size)
        self.nobias = nobias
        with self.init_scope():
            self.W = _parameter('initialW', initialW, (left_size, right_size, out_size))
            if nobias:
                return
            if initial_bias is None:
                initial_bias = (None, None, 0)
            elif not isinstance(initial_bias, tuple) or len(initial_bias) != 3:
                raise ValueError('Bilinear: initial_bias must be a tuple (V1, V2, b) of '
                                 'initializers or None, got {!r}'.format(initial_bias))
            init_v1, init_v2, init_b = initial_bias
            self.V1 = _parameter('initial V1', init_v1, (left_size, out_size))
            self.V2 = _parameter('initial V2', init_v2, (right_size, out_size))
            self.b = _parameter('initial b', init_b, (out_size,))

    def forward(self, e1: types.VariableOrArray, e2: types.VariableOrArray) -> Variable:
        """Apply the layer.

        Args:
            e1: the left input, of shape ``(N, left_size)``.
            e2: the right input, of shape ``(N, right_size)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_size)``.
        """
        if self.nobias:
            return F.bilinear(e1, e2, self.W)
        return F.bilinear(e1, e2, self.W, self.V1, self.V2, self.b)


def _parameter(name, initializer, shape):
    """A Parameter of ``shape``; an initial array must have that shape (an AssertionError
    otherwise, as Chainer's)."""
    if backend.is_array_supported(initializer) and initializer.shape != shape:
        raise ChainerAssertionError('Bilinear: {} has shape {}, expected {}'.format(
            name, initializer.shape, shape))
    return Parameter(initializers._get_initializer(initializer), shape)
