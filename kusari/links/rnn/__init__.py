"""Recurrent links."""

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
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
