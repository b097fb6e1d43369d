"""Stacked (and bidirectional) LSTM links over variable-length sequences."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.rnn.n_step_rnn import NStepRNNBase, _link_doc

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class NStepLSTMBase(NStepRNNBase):
    __doc__ = _link_doc('Stacked LSTM layers; ``forward(hx, cx, xs)`` returns '
                        '``hy, cy, ys``.')

    n_weights = 8
    n_cells = 2

    # Chainer's NStepLSTM takes the initial cells cx between hx and xs.
    def forward(  # type: ignore[override]
            self, hx: types.VariableOrArray | None, cx: types.VariableOrArray | None,
            xs: typing.Sequence[types.VariableOrArray],
            **kwargs: typing.Any) -> tuple[Variable, Variable, list[Variable]]:
        """forward(self, hx, cx, xs)

        Args:
            hx: the initial states (n_layers * directions, batch, out_size), or None.
            cx: the initial cells (n_layers * directions, batch, out_size), or None.
            xs (list of arrays): the sequences, each (length, in_size).

        Returns:
            tuple: ``hy``, ``cy`` and the list of output sequences ``ys``.
        """
        hy, cy, ys = self._call([hx, cx], xs, **kwargs)
        return hy, cy, ys


class NStepLSTM(NStepLSTMBase):
    __doc__ = _link_doc('Stacked LSTM (weights ``w0..w3`` on the input, ``w4..w7`` on the '
                        'state).')

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        return F.n_step_lstm(*args)


class NStepBiLSTM(NStepLSTMBase):
    __doc__ = _link_doc('Stacked bidirectional LSTM.')

    use_bi_direction = True

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        return F.n_step_bilstm(*args)
