"""Stacked recurrent networks over variable-length sequences (``n_step_*``)."""

from kusari.functions.rnn.n_step_gru import n_step_bigru, n_step_gru
from kusari.functions.rnn.n_step_lstm import n_step_bilstm, n_step_lstm
from kusari.functions.rnn.n_step_rnn import n_step_birnn, n_step_rnn

__all__ = ['n_step_bigru', 'n_step_bilstm', 'n_step_birnn', 'n_step_gru', 'n_step_lstm',
           'n_step_rnn']
