"""Gated recurrent units (Cho et al., 2014)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types


class GRUBase(Chain):
    """The weights of a GRU: ``W_r, U_r`` (reset gate), ``W_z, U_z`` (update gate) and
    ``W, U`` (candidate), each a Linear from the input (``W*``) or the state (``U*``).

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): state size.
        init: initializer of the weights on the input (default None: LeCunNormal).
        inner_init: initializer of the weights on the state (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default None: zeros).
    """

    def __init__(self, in_size: int | None, out_size: int,
                 init: types.InitializerSpec | None = None,
                 inner_init: types.InitializerSpec | None = None,
                 bias_init: types.InitializerSpec | None = None) -> None:
        super().__init__()
        with self.init_scope():
            self.W_r = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_r = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W_z = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_z = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)


class StatelessGRU(GRUBase):
    """A GRU step with the state passed explicitly: ``h_new = link(h, x)``.

    ``r = sigmoid(W_r x + U_r h); z = sigmoid(W_z x + U_z h);
    h_bar = tanh(W x + U (r * h)); h_new = z * h_bar + (1 - z) * h``.

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): state size.
        init: initializer of the weights on the input (default None: LeCunNormal).
        inner_init: initializer of the weights on the state (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default None: zeros).
    """

    def forward(self, h: types.VariableOrArray, x: types.VariableOrArray) -> Variable:
        """One step from the state ``h``.

        Args:
            h: the previous state, of shape ``(N, out_size)``.
            x: the input, of shape ``(N, in_size)``.

        Returns:
            ~kusari.Variable: the new state, of shape ``(N, out_size)``.
        """
        r = F.sigmoid(self.W_r(x) + self.U_r(h))
        z = F.sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = F.tanh(self.W(x) + self.U(r * h))
        return F.linear_interpolate(z, h_bar, h)


class StatefulGRU(GRUBase):
    """A GRU that keeps its state ``h`` (zero before the first step).

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): state size.
        init: initializer of the weights on the input (default None: LeCunNormal).
        inner_init: initializer of the weights on the state (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default 0).
    """

    h: Variable | None

    def __init__(self, in_size: int | None, out_size: int,
                 init: types.InitializerSpec | None = None,
                 inner_init: types.InitializerSpec | None = None,
                 bias_init: types.InitializerSpec | None = 0) -> None:
        super().__init__(in_size, out_size, init, inner_init, bias_init)
        self.state_size = out_size
        self.reset_state()

    def set_state(self, h: types.VariableOrArray) -> None:
        """Set the state (a Variable or array)."""
        self.h = h if isinstance(h, Variable) else Variable(h)

    def reset_state(self) -> None:
        """Forget the state."""
        self.h = None

    def forward(self, x: types.VariableOrArray) -> Variable:
        """One step from the kept state (zero before the first step).

        Args:
            x: the input of this step, of shape ``(N, in_size)``.

        Returns:
            ~kusari.Variable: the new state ``h``, of shape ``(N, out_size)``.
        """
        z = self.W_z(x)
        h_bar = self.W(x)
        if self.h is not None:
            r = F.sigmoid(self.W_r(x) + self.U_r(self.h))
            z += self.U_z(self.h)
            h_bar += self.U(r * self.h)
        z = F.sigmoid(z)
        h_bar = F.tanh(h_bar)
        if self.h is None:
            self.h = z * h_bar
        else:
            self.h = F.linear_interpolate(z, h_bar, self.h)
        return self.h


class GRU(StatefulGRU):
    """Stateful GRU (the same as StatefulGRU).

    Chainer v1's GRU was stateless; call it with one argument, or use StatelessGRU.

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): state size.
        init: initializer of the weights on the input (default None: LeCunNormal).
        inner_init: initializer of the weights on the state (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default 0).
    """

    def forward(self, *args: types.VariableOrArray) -> Variable:
        """forward(self, x)

        One step from the kept state (zero before the first step).

        Args:
            args: the input ``x`` of this step, of shape ``(N, in_size)``.

        Returns:
            ~kusari.Variable: the new state ``h``, of shape ``(N, out_size)``.
        """
        if len(args) != 1:
            hint = (' GRU is stateful (since Chainer v2): use StatelessGRU for GRU(h, x).'
                    if len(args) == 2 else '')
            raise ValueError('GRU takes one input x, got {} arguments.{}'.format(
                len(args), hint))
        return super().forward(args[0])
