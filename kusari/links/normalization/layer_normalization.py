"""Layer normalization (Ba et al., 2016)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class LayerNormalization(Link):
    """Normalizes each row of a 2-d input over its features, then scales by ``gamma``
    and shifts by ``beta`` (both of shape (size,)).

    Args:
        size (int or None): number of features (default None: inferred from the first
            input).
        eps (float): added to the variance (default 1e-6).
        initial_gamma: initializer of ``gamma`` (default None: 1).
        initial_beta: initializer of ``beta`` (default None: 0).
    """

    def __init__(self, size: int | None = None, eps: float = 1e-6,
                 initial_gamma: types.InitializerSpec | None = None,
                 initial_beta: types.InitializerSpec | None = None) -> None:
        super().__init__()
        self.eps = eps
        with self.init_scope():
            self.gamma = Parameter(initializers._get_initializer(
                1 if initial_gamma is None else initial_gamma))
            self.beta = Parameter(initializers._get_initializer(
                0 if initial_beta is None else initial_beta))
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Normalize each row over its features.

        Args:
            x: input of shape ``(N, size)``.

        Returns:
            ~kusari.Variable: the normalized input, of shape ``(N, size)``.
        """
        if self.gamma.array is None:
            size = 1
            for d in x.shape[1:]:
                size *= d
            self._initialize_params(size)
        return F.layer_normalization(x, self.gamma, self.beta, self.eps)
