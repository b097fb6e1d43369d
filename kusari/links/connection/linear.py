"""Fully connected layer."""

from __future__ import annotations

import typing

from kusari import initializers
from kusari.variable import Parameter
from kusari.functions.connection.linear import check_batch_axis, linear
from kusari.link import Link
from kusari.links.connection._conv_setup import param_arrays

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Linear(Link):
    """``y = x W^T + b`` with learnable ``W`` (out_size, in_size) and ``b`` (out_size,).

    Args:
        in_size (int or None): input size; None infers it from the first input.
            ``Linear(out_size)`` is also accepted.
        out_size (int or None): output size (None only in ``Linear(out_size)``).
        nobias (bool): no bias when True (default False).
        initialW: initializer of W (default None: LeCunNormal).
        initial_bias: initializer of b (default None: zeros).
    """

    def __init__(self, in_size: int | None, out_size: int | None = None, nobias: bool = False,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None) -> None:
        super().__init__()
        if out_size is None:
            in_size, out_size = None, in_size
        self.in_size = in_size
        self.out_size = out_size
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW))
            if in_size is not None:  # then out_size is an int too (see the swap above)
                self.W.initialize((out_size, in_size))  # type: ignore[arg-type]
            if nobias:
                self.b = None
            else:
                bias_init = initializers._get_initializer(initial_bias, default=0)
                self.b = Parameter(bias_init, out_size)

    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'nobias', self.b is None

    def _initialize_params(self, in_size):
        """Initialize ``W`` for inputs of ``in_size`` features."""
        self.in_size = in_size
        self.W.initialize((self.out_size, in_size))

    def _initialize_params_from(self, x, n_batch_axes=1):
        """Initialize ``W`` for inputs like ``x`` (the axes after the batch axes flatten
        into the input size)."""
        in_size = 1
        for d in x.shape[n_batch_axes:]:
            in_size *= d
        self._initialize_params(in_size)

    @classmethod
    def from_params(cls, W: types.VariableOrArray, b: types.VariableOrArray = None,
                    nobias: bool = False) -> typing.Self:
        """A link whose parameters start as copies of the arrays ``W`` and ``b``.

        Args:
            W: the weight, of shape ``(out_size, in_size)``.
            b: the bias, of shape ``(out_size,)`` (default None: zeros).
            nobias (bool): no bias when True (default False).

        Returns:
            Linear: the new link.
        """
        out_size, in_size = W.shape
        W, b = param_arrays('Linear', W, b, out_size)
        return cls(in_size, out_size, nobias, initialW=W, initial_bias=b)

    def forward(self, x: types.VariableOrArray, n_batch_axes: int = 1) -> Variable:
        """Apply the layer.

        Args:
            x: input of shape ``(N, in_size)``; more generally the first
                ``n_batch_axes`` axes are batch axes ``B`` and the others flatten into
                ``in_size`` features.
            n_batch_axes (int): how many leading axes are batch axes (default 1).

        Returns:
            ~kusari.Variable: output of shape ``(N, out_size)`` (``B + (out_size,)``).
        """
        if self.W.array is None:
            check_batch_axis(x, n_batch_axes)  # before it sizes W from x
            self._initialize_params_from(x, n_batch_axes)
        return linear(x, self.W, self.b, n_batch_axes=n_batch_axes)
