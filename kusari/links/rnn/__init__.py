"""Recurrent links."""

from kusari.links.rnn.gru import GRU, StatefulGRU, StatelessGRU  # NOQA
from kusari.links.rnn.lstm import LSTM, StatelessLSTM  # NOQA
from kusari.links.rnn.mgu import StatefulMGU, StatelessMGU  # NOQA
from kusari.links.rnn.n_step_rnn import (NStepBiGRU, NStepBiLSTM, NStepBiRNNReLU,  # NOQA
                                         NStepBiRNNTanh, NStepGRU, NStepLSTM,
                                         NStepRNNReLU, NStepRNNTanh)
from kusari.links.rnn.peephole import StatefulPeepholeLSTM  # NOQA
from kusari.links.rnn.tree_lstm import ChildSumTreeLSTM, NaryTreeLSTM  # NOQA
from kusari.links.rnn.zoneoutlstm import StatefulZoneoutLSTM  # NOQA

__all__ = [
    'ChildSumTreeLSTM', 'GRU', 'LSTM', 'NStepBiGRU', 'NStepBiLSTM', 'NStepBiRNNReLU',
    'NStepBiRNNTanh', 'NStepGRU', 'NStepLSTM', 'NStepRNNReLU', 'NStepRNNTanh', 'NaryTreeLSTM',
    'StatefulGRU', 'StatefulMGU', 'StatefulPeepholeLSTM', 'StatefulZoneoutLSTM',
    'StatelessGRU', 'StatelessLSTM', 'StatelessMGU',
]
