"""LSTM with peephole connections (Gers & Schmidhuber, 2000)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types


class StatefulPeepholeLSTM(Chain):
    """An LSTM whose input and forget gates also see the previous cell state and
    whose output gate sees the new one, through ``peep_i``, ``peep_f``, ``peep_o``.

    Args:
        in_size (int): input size.
        out_size (int): state size.

    Attributes:
        c, h (Variable): the cell state and output (None before the first step).
    """

    c: Variable | None
    h: Variable | None

    def __init__(self, in_size: int, out_size: int) -> None:
        super().__init__()
        self.state_size = out_size
        with self.init_scope():
            self.upward = Linear(in_size, 4 * out_size)
            self.lateral = Linear(out_size, 4 * out_size, nobias=True)
            self.peep_i = Linear(out_size, out_size, nobias=True)
            self.peep_f = Linear(out_size, out_size, nobias=True)
            self.peep_o = Linear(out_size, out_size, nobias=True)
        self.reset_state()

    def reset_state(self) -> None:
        """Forget the state."""
        self.c = self.h = None

    def forward(self, x: types.VariableOrArray) -> Variable:
        """One step from the kept state (zeros before the first step).

        Args:
            x: the input of this step, of shape ``(N, in_size)``.

        Returns:
            ~kusari.Variable: the new state ``h``, of shape ``(N, out_size)``.
        """
        lstm_in = self.upward(x)
        if self.h is not None:
            lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = Variable(self.xp.zeros((x.shape[0], self.state_size),
                                            dtype=lstm_in.dtype))
        gates = F.reshape(lstm_in, (lstm_in.shape[0], self.state_size, 4))
        a, i, f, o = (F.reshape(g, (g.shape[0], g.shape[1]))
                      for g in F.split_axis(gates, 4, axis=2))
        a = F.tanh(a)
        i = F.sigmoid(i + self.peep_i(self.c))
        f = F.sigmoid(f + self.peep_f(self.c))
        self.c = a * i + f * self.c
        o = F.sigmoid(o + self.peep_o(self.c))
        self.h = o * F.tanh(self.c)
        return self.h
