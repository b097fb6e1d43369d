"""Stacked (and bidirectional) GRU links over variable-length sequences."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.rnn.n_step_rnn import NStepRNNBase, _link_doc


class NStepGRUBase(NStepRNNBase):
    __doc__ = _link_doc('Stacked GRU layers; ``forward(hx, xs)`` returns ``hy, ys``.')

    n_weights = 6


class NStepGRU(NStepGRUBase):
    __doc__ = _link_doc('Stacked GRU (weights ``w0..w2`` on the input, ``w3..w5`` on the '
                        'state).')

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        return F.n_step_gru(*args)


class NStepBiGRU(NStepGRUBase):
    __doc__ = _link_doc('Stacked bidirectional GRU.')

    use_bi_direction = True

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        return F.n_step_bigru(*args)
