"""Stacked GRUs over variable-length sequences."""

from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.tanh import tanh
from kusari.functions.array.concat import concat
from kusari.functions.array.split_axis import split_axis
from kusari.functions.connection.linear import linear
from kusari.functions.rnn._stacked import Cell, n_step, reject_kwargs


class _GRUCell(Cell):
    """Reset gate r, update gate z and candidate from ``W_0..W_2`` (input), ``W_3..W_5``."""

    n_weights = 6

    def __init__(self, name):
        self.name = name

    def parameters(self, w, b):
        return (concat(w[:3], axis=0), concat(b[:3], axis=0), concat(w[3:], axis=0),
                concat(b[3:], axis=0))

    def step(self, x, states, parameters):
        h, = states
        w_in, b_in, w_hidden, b_hidden = parameters
        reset_x, update_x, new_x = split_axis(linear(x, w_in, b_in), 3, axis=1)
        reset_h, update_h, new_h = split_axis(linear(h, w_hidden, b_hidden), 3, axis=1)
        r = sigmoid(reset_x + reset_h)
        z = sigmoid(update_x + update_h)
        candidate = tanh(new_x + r * new_h)
        return [(1 - z) * candidate + z * h]


_DOC_ARGS = """
    Args:
        n_layers (int): number of layers S.
        dropout_ratio (float): dropout applied to the inputs of layers after the first.
        hx (Variable or array): initial hidden states, a float array of shape
            ``({s}, B, N)``.
        ws (list of lists): ``ws[k] = [W_0, ..., W_5]`` for state k; ``W_0..W_2``
            multiply the input and are ``(N, I)`` in the first layer, ``(N, {n_in})`` above;
            ``W_3..W_5`` multiply the hidden state and are ``(N, N)``.
        bs (list of lists): ``bs[k] = [b_0, ..., b_5]``, each of shape ``(N,)``.
        xs (list of Variables or arrays): time-major inputs, ``xs[t]`` of shape
            ``(B_t, I)`` and ``hx``'s dtype with B_t non-increasing (sort sequences by
            decreasing length, then transpose).
"""


def n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """Stacked unidirectional GRU over sequences.

    With ``s`` the sigmoid: ``r = s(W_0 x + W_3 h + b_0 + b_3)``, ``z = s(W_1 x + W_4 h
    + b_1 + b_4)``, ``h' = tanh(W_2 x + b_2 + r (W_5 h + b_5))``, ``h = (1 - z) h' + z
    h_prev``.
    {args}
    Returns:
        tuple: ``(hy, ys)``: the final hidden states, a Variable of shape
        ``(S, B, N)``, and a tuple of per-step outputs of the last layer, ``ys[t]``
        of shape ``(B_t, N)``; all of ``hx``'s dtype.
    """
    reject_kwargs('n_step_gru', kwargs)
    hy, _, ys = n_step(_GRUCell('n_step_gru'), n_layers, dropout_ratio, hx, None, ws, bs, xs,
                       bidirectional=False)
    return hy, ys


def n_step_bigru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """Stacked bidirectional GRU; the outputs concatenate both directions.

    State ``k = 2 l + d`` belongs to layer l and direction d (0 forward, 1 backward);
    each direction follows :func:`n_step_gru`'s equations with its own weights.
    {args}
    Returns:
        tuple: ``(hy, ys)`` with hy of shape ``(2S, B, N)`` and ``ys[t]`` of shape
        ``(B_t, 2N)``: the forward and backward outputs side by side; all of
        ``hx``'s dtype.
    """
    reject_kwargs('n_step_bigru', kwargs)
    hy, _, ys = n_step(_GRUCell('n_step_bigru'), n_layers, dropout_ratio, hx, None, ws, bs,
                       xs, bidirectional=True)
    return hy, ys


n_step_gru.__doc__ = n_step_gru.__doc__.format(args=_DOC_ARGS.format(s='S', n_in='N'))
n_step_bigru.__doc__ = n_step_bigru.__doc__.format(args=_DOC_ARGS.format(s='2S', n_in='2N'))
