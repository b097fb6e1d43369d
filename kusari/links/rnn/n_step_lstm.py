"""Stacked (and bidirectional) LSTM links over variable-length sequences."""

from kusari import functions as F
from kusari.links.rnn.n_step_rnn import NStepRNNBase, _link_doc


class NStepLSTMBase(NStepRNNBase):
    """Stacked LSTM layers; ``forward(hx, cx, xs)`` returns ``hy, cy, ys``."""

    n_weights = 8
    n_cells = 2

    def forward(self, hx, cx, xs, **kwargs):
        """forward(self, hx, cx, xs)

        Args:
            hx, cx: the initial states and cells (n_layers * directions, batch,
                out_size), or None.
            xs (list of arrays): the sequences, each (length, in_size).

        Returns:
            tuple: ``hy``, ``cy`` and the list of output sequences ``ys``.
        """
        hy, cy, ys = self._call([hx, cx], xs, **kwargs)
        return hy, cy, ys


class NStepLSTM(NStepLSTMBase):
    __doc__ = _link_doc('Stacked LSTM (weights ``w0..w3`` on the input, ``w4..w7`` on the '
                        'state).')

    def rnn(self, *args):
        return F.n_step_lstm(*args)


class NStepBiLSTM(NStepLSTMBase):
    __doc__ = _link_doc('Stacked bidirectional LSTM.')

    use_bi_direction = True

    def rnn(self, *args):
        return F.n_step_bilstm(*args)
