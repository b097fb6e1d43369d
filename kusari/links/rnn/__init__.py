"""Recurrent links."""

import typing

from kusari import _lazy

_EXPORTS = {
    'GRU': 'gru',
    'StatefulGRU': 'gru',
    'StatelessGRU': 'gru',
    'LSTM': 'lstm',
    'StatelessLSTM': 'lstm',
    'StatefulMGU': 'mgu',
    'StatelessMGU': 'mgu',
    'NStepBiGRU': 'n_step_gru',
    'NStepBiLSTM': 'n_step_lstm',
    'NStepBiRNNReLU': 'n_step_rnn',
    'NStepBiRNNTanh': 'n_step_rnn',
    'NStepGRU': 'n_step_gru',
    'NStepLSTM': 'n_step_lstm',
    'NStepRNNReLU': 'n_step_rnn',
    'NStepRNNTanh': 'n_step_rnn',
    'StatefulPeepholeLSTM': 'peephole',
    'ChildSumTreeLSTM': 'tree_lstm',
    'NaryTreeLSTM': 'tree_lstm',
    'StatefulZoneoutLSTM': 'zoneoutlstm',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.rnn import (
        gru as gru, lstm as lstm, mgu as mgu, n_step_gru as n_step_gru, n_step_lstm as n_step_lstm,
        n_step_rnn as n_step_rnn, peephole as peephole, tree_lstm as tree_lstm,
        zoneoutlstm as zoneoutlstm)
    from kusari.links.rnn.gru import (
        GRU as GRU,
        StatefulGRU as StatefulGRU,
        StatelessGRU as StatelessGRU)
    from kusari.links.rnn.lstm import LSTM as LSTM, StatelessLSTM as StatelessLSTM
    from kusari.links.rnn.mgu import StatefulMGU as StatefulMGU, StatelessMGU as StatelessMGU
    from kusari.links.rnn.n_step_gru import NStepBiGRU as NStepBiGRU, NStepGRU as NStepGRU
    from kusari.links.rnn.n_step_lstm import NStepBiLSTM as NStepBiLSTM, NStepLSTM as NStepLSTM
    from kusari.links.rnn.n_step_rnn import (
        NStepBiRNNReLU as NStepBiRNNReLU,
        NStepBiRNNTanh as NStepBiRNNTanh,
        NStepRNNReLU as NStepRNNReLU,
        NStepRNNTanh as NStepRNNTanh)
    from kusari.links.rnn.peephole import StatefulPeepholeLSTM as StatefulPeepholeLSTM
    from kusari.links.rnn.tree_lstm import (
        ChildSumTreeLSTM as ChildSumTreeLSTM,
        NaryTreeLSTM as NaryTreeLSTM)
    from kusari.links.rnn.zoneoutlstm import StatefulZoneoutLSTM as StatefulZoneoutLSTM
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
