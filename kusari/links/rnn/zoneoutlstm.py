"""LSTM with zoneout regularization (Krueger et al., 2017)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types


class StatefulZoneoutLSTM(Chain):
    """An LSTM whose cell state and output units each keep their previous value with
    probability ``c_ratio`` / ``h_ratio`` while training (:func:`functions.zoneout`).

    Args:
        in_size (int): input size.
        out_size (int): state size.
        c_ratio (float): zoneout ratio of the cell state (default 0.5).
        h_ratio (float): zoneout ratio of the output (default 0.5).
        kwargs: nothing is accepted (Chainer v1's ``train`` is refused).

    Attributes:
        c, h (Variable): the cell state and output (None before the first step).
    """

    c: Variable | None
    h: Variable | None

    def __init__(self, in_size: int, out_size: int, c_ratio: float = 0.5,
                 h_ratio: float = 0.5, **kwargs: typing.Any) -> None:
        super().__init__()
        argument.parse_kwargs_of(
            'StatefulZoneoutLSTM', kwargs,
            train="StatefulZoneoutLSTM: the train argument is not supported anymore; use "
                  "kusari.using_config('train', ...)")
        self.state_size = out_size
        self.c_ratio = c_ratio
        self.h_ratio = h_ratio
        with self.init_scope():
            self.upward = Linear(in_size, 4 * out_size)
            self.lateral = Linear(out_size, 4 * out_size, nobias=True)
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
        if self.h is None:
            self.h = Variable(self.xp.zeros((x.shape[0], self.state_size), dtype=x.dtype))
        if self.c is None:
            self.c = Variable(self.xp.zeros((x.shape[0], self.state_size), dtype=x.dtype))
        lstm_in = self.upward(x) + self.lateral(self.h)
        gates = F.reshape(lstm_in, (lstm_in.shape[0], self.state_size, 4))
        a, i, f, o = (F.reshape(g, (g.shape[0], g.shape[1]))
                      for g in F.split_axis(gates, 4, axis=2))
        c_next = F.tanh(a) * F.sigmoid(i) + F.sigmoid(f) * self.c
        h_next = F.sigmoid(o) * F.tanh(c_next)
        self.c = F.zoneout(self.c, c_next, self.c_ratio)
        self.h = F.zoneout(self.h, h_next, self.h_ratio)
        return self.h
