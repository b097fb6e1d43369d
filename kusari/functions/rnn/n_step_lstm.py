"""Stacked LSTMs over variable-length sequences."""

from kusari.functions.array.reshape import reshape
from kusari.functions.array.stack import stack
from kusari.functions.connection.linear import linear
from kusari.functions.rnn.lstm import lstm
from kusari.functions.rnn._stacked import Cell, n_step, reject_kwargs


def _interleaved(arrays):
    """Gate blocks ``(a, i, f, o)`` of shape (N, ...) interleaved unit by unit into one
    (4N, ...) array, the layout of :func:`~kusari.functions.lstm`'s input."""
    stacked = stack(arrays, axis=1)
    return reshape(stacked, (stacked.shape[0] * stacked.shape[1],) + stacked.shape[2:])


def _parameters(w, b):
    """The input and hidden weights and biases of one layer and direction, as lstm
    wants them: Chainer's ``W_0..W_3`` are the gates i, f, a, o (its saved models
    follow this order)."""
    return (_interleaved([w[2], w[0], w[1], w[3]]), _interleaved([b[2], b[0], b[1], b[3]]),
            _interleaved([w[6], w[4], w[5], w[7]]), _interleaved([b[6], b[4], b[5], b[7]]))


def _step(x, h, c, w_in, b_in, w_hidden, b_hidden):
    c, h = lstm(c, linear(x, w_in, b_in) + linear(h, w_hidden, b_hidden))
    return h, c


def _lstm(x, h, c, w, b):
    """One LSTM step with the eight weights ``w`` and biases ``b`` of a layer
    (Chainer's private helper): returns the new ``(h, c)``."""
    return _step(x, h, c, *_parameters(w, b))


class _LSTMCell(Cell):
    """An LSTM step as Chainer computes it: ``lstm(c, W_x x + b_x + W_h h + b_h)``."""

    n_weights = 8
    use_cell = True

    def __init__(self, name):
        self.name = name

    def parameters(self, w, b):
        return _parameters(w, b)

    def step(self, x, states, parameters):
        h, c = states
        return list(_step(x, h, c, *parameters))


_DOC_ARGS = """
    Args:
        n_layers (int): number of layers S.
        dropout_ratio (float): dropout applied to the inputs of layers after the first.
        hx (Variable or array): initial hidden states, a float array of shape
            ``({s}, B, N)``.
        cx (Variable or array): initial cell states of ``hx``'s shape.
        ws (list of lists): ``ws[k] = [W_0, ..., W_7]`` for state k; ``W_0..W_3``
            multiply the input and are ``(N, I)`` in the first layer, ``(N, {n_in})`` above;
            ``W_4..W_7`` multiply the hidden state and are ``(N, N)``.
        bs (list of lists): ``bs[k] = [b_0, ..., b_7]``, each of shape ``(N,)``.
        xs (list of Variables or arrays): time-major inputs, ``xs[t]`` of shape
            ``(B_t, I)`` and ``hx``'s dtype with B_t non-increasing (sort sequences by
            decreasing length, then transpose).
"""


def n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """Stacked unidirectional LSTM over sequences.

    With ``s`` the sigmoid: ``i = s(W_0 x + W_4 h + b_0 + b_4)``, ``f = s(W_1 x + W_5 h
    + b_1 + b_5)``, ``a = tanh(W_2 x + W_6 h + b_2 + b_6)``, ``o = s(W_3 x + W_7 h + b_3
    + b_7)``, ``c = f c + i a``, ``h = o tanh(c)``.
    {args}
    Returns:
        tuple: ``(hy, cy, ys)``: the final hidden and cell states, Variables of shape
        ``(S, B, N)``, and a tuple of per-step outputs of the last layer, ``ys[t]``
        of shape ``(B_t, N)``; all of ``hx``'s dtype.
    """
    reject_kwargs('n_step_lstm', kwargs)
    return n_step(_LSTMCell('n_step_lstm'), n_layers, dropout_ratio, hx, cx, ws, bs, xs,
                  bidirectional=False)


def n_step_bilstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """Stacked bidirectional LSTM; the outputs concatenate both directions.

    State ``k = 2 l + d`` belongs to layer l and direction d (0 forward, 1 backward);
    each direction follows :func:`n_step_lstm`'s equations with its own weights.
    {args}
    Returns:
        tuple: ``(hy, cy, ys)`` with hy, cy of shape ``(2S, B, N)`` and ``ys[t]`` of
        shape ``(B_t, 2N)``: the forward and backward outputs side by side; all of
        ``hx``'s dtype.
    """
    reject_kwargs('n_step_bilstm', kwargs)
    return n_step(_LSTMCell('n_step_bilstm'), n_layers, dropout_ratio, hx, cx, ws, bs, xs,
                  bidirectional=True)


n_step_lstm.__doc__ = n_step_lstm.__doc__.format(args=_DOC_ARGS.format(s='S', n_in='N'))
n_step_bilstm.__doc__ = n_step_bilstm.__doc__.format(args=_DOC_ARGS.format(s='2S', n_in='2N'))
