"""Parametric ReLU (He et al., 2015)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class PReLU(Link):
    """``y = max(x, 0) + W * min(x, 0)`` with a learnable slope ``W``.

    Args:
        shape (tuple of ints): shape of ``W``; it applies from axis 1 of the input
            (default ``()``: one slope shared by all elements).
        init: initializer (or value) of ``W`` (default 0.25).
    """

    def __init__(self, shape: types.ShapeSpec = (),
                 init: types.InitializerSpec = 0.25) -> None:
        super().__init__()
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(init), shape)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the activation.

        Args:
            x: input of shape ``(N, ...)``; ``W``'s shape must match ``x.shape[1:]``
                from its start (``()`` matches any).

        Returns:
            ~kusari.Variable: output of the same shape as ``x``.
        """
        return F.prelu(x, self.W)
