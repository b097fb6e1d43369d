"""Swish activation (Ramachandran et al., 2017)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Swish(Link):
    """``y = x * sigmoid(beta * x)`` with a learnable ``beta``.

    Args:
        beta_shape (tuple of ints or None): shape of ``beta``, applied from axis 1 of the
            input (None: ``x.shape[1:]`` of the first input).
        beta_init: initializer (or value) of ``beta`` (default 1.0).
    """

    def __init__(self, beta_shape: types.ShapeSpec | None,
                 beta_init: types.InitializerSpec = 1.0) -> None:
        super().__init__()
        with self.init_scope():
            self.beta = Parameter(initializers._get_initializer(beta_init))
        if beta_shape is not None:
            self.beta.initialize(beta_shape)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the activation.

        Args:
            x: input of shape ``(N, ...)``; ``beta`` applies to ``x.shape[1:]`` from its
                start.

        Returns:
            ~kusari.Variable: output of the same shape as ``x``.
        """
        if self.beta.array is None:
            self.beta.initialize(x.shape[1:])
        return F.swish(x, self.beta)
