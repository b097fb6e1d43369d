"""Minimal gated units (Zhou et al., 2016)."""

from __future__ import annotations

import typing

from kusari import core
from kusari import functions as F
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types


class MGUBase(Chain):
    """The weights of an MGU: ``f = sigmoid(W_f [h, x]); h_bar = tanh(W_h [f * h, x]);
    h_new = f * h_bar + (1 - f) * h``.

    Args:
        n_inputs (int): input size.
        n_units (int): state size.
    """

    def __init__(self, n_inputs: int, n_units: int) -> None:
        super().__init__()
        with self.init_scope():
            self.W_f = Linear(n_inputs + n_units, n_units)
            self.W_h = Linear(n_inputs + n_units, n_units)

    def _call_mgu(self, h, x):
        f = F.sigmoid(self.W_f(F.concat([h, x])))
        h_bar = F.tanh(self.W_h(F.concat([f * h, x])))
        return F.linear_interpolate(f, h_bar, h)


class StatelessMGU(MGUBase):
    """An MGU step with the state passed explicitly: ``h_new = link(h, x)``.

    Args:
        n_inputs (int): input size.
        n_units (int): state size.
    """

    def forward(self, h: types.VariableOrArray, x: types.VariableOrArray) -> Variable:
        """One step from the state ``h``.

        Args:
            h: the previous state, of shape ``(N, n_units)``.
            x: the input, of shape ``(N, n_inputs)``.

        Returns:
            ~kusari.Variable: the new state, of shape ``(N, n_units)``.
        """
        return self._call_mgu(h, x)


class StatefulMGU(MGUBase):
    """An MGU that keeps its state ``h`` (zero before the first step).

    Args:
        in_size (int): input size.
        out_size (int): state size.
    """

    h: Variable | None

    def __init__(self, in_size: int, out_size: int) -> None:
        super().__init__(in_size, out_size)
        self._state_size = out_size
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
        h = self.h
        if h is None:
            h = Variable(self.xp.zeros((x.shape[0], self._state_size),
                                       dtype=core.get_dtype()))
        self.h = self._call_mgu(h, x)
        return self.h
