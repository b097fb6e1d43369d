"""Stacked (and bidirectional) GRU links over variable-length sequences."""

from kusari import functions as F
from kusari.links.rnn.n_step_rnn import NStepRNNBase


class NStepGRUBase(NStepRNNBase):
    n_weights = 6


class NStepGRU(NStepGRUBase):
    """Stacked GRU (weights ``w0..w2`` on the input, ``w3..w5`` on the state).

    Args:
        n_layers (int): number of stacked layers.
        in_size (int or None): size of each input vector (None: inferred).
        out_size (int): size of the hidden state.
        dropout (float): dropout ratio between layers.
        initialW, initial_bias: initializers of the weights and the biases.
    """

    def rnn(self, *args):
        return F.n_step_gru(*args)


class NStepBiGRU(NStepGRUBase):
    """Stacked bidirectional GRU.

    Args:
        n_layers (int): number of stacked layers.
        in_size (int or None): size of each input vector (None: inferred).
        out_size (int): size of the hidden state.
        dropout (float): dropout ratio between layers.
        initialW, initial_bias: initializers of the weights and the biases.
    """

    use_bi_direction = True

    def rnn(self, *args):
        return F.n_step_bigru(*args)
