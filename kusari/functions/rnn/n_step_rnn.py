"""Stacked simple RNNs (tanh or ReLU) over variable-length sequences."""

from kusari.functions._checks import fail
from kusari.functions.activation.relu import relu
from kusari.functions.activation.tanh import tanh
from kusari.functions.connection.linear import linear
from kusari.functions.rnn._stacked import Cell, n_step, reject_kwargs


class _RNNCell(Cell):
    """``h_t = f(W_0 x_t + b_0 + W_1 h_{t-1} + b_1)``."""

    n_weights = 2

    def __init__(self, name, activation):
        if activation not in ('tanh', 'relu'):
            fail(name, 'activation', "'tanh' or 'relu'", repr(activation))
        self.name = name
        self.activation = tanh if activation == 'tanh' else relu

    def parameters(self, w, b):
        return w[0], b[0], w[1], b[1]

    def step(self, x, states, parameters):
        w_in, b_in, w_hidden, b_hidden = parameters
        return [self.activation(linear(x, w_in, b_in) + linear(states[0], w_hidden, b_hidden))]


def n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """Stacked unidirectional RNN: ``h_t = f(W_0 x_t + W_1 h_{t-1} + b_0 + b_1)``.

    Args:
        n_layers (int): number of layers S.
        dropout_ratio (float): dropout applied to the inputs of layers after the first.
        hx (Variable or array): initial hidden states, a float array of shape
            ``(S, B, N)``.
        ws (list of lists): ``ws[l] = [W_0, W_1]`` for layer l; ``W_0`` is ``(N, I)`` for
            layer 0 and ``(N, N)`` above, ``W_1`` is ``(N, N)``.
        bs (list of lists): ``bs[l] = [b_0, b_1]``, each of shape ``(N,)``.
        xs (list of Variables or arrays): time-major inputs, ``xs[t]`` of shape
            ``(B_t, I)`` and ``hx``'s dtype with B_t non-increasing (sort sequences by
            decreasing length, then transpose).
        activation (str): 'tanh' or 'relu'.

    Returns:
        tuple: ``(hy, ys)``: the final hidden states, a Variable of shape
        ``(S, B, N)``, and a tuple of per-step outputs of the last layer, ``ys[t]``
        of shape ``(B_t, N)``; all of ``hx``'s dtype.
    """
    reject_kwargs('n_step_rnn', kwargs)
    hy, _, ys = n_step(_RNNCell('n_step_rnn', activation), n_layers, dropout_ratio, hx,
                       None, ws, bs, xs, bidirectional=False)
    return hy, ys


def n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """Stacked bidirectional RNN; the outputs concatenate both directions.

    Args:
        n_layers (int): number of layers S.
        dropout_ratio (float): dropout applied to the inputs of layers after the first.
        hx (Variable or array): initial hidden states, a float array of shape
            ``(2S, B, N)``; state ``2 l + d`` belongs to layer l, direction d (0
            forward, 1 backward).
        ws (list of lists): ``ws[2 l + d] = [W_0, W_1]``; ``W_0`` is ``(N, I)`` for layer 0
            and ``(N, 2N)`` above, ``W_1`` is ``(N, N)``.
        bs (list of lists): ``bs[2 l + d] = [b_0, b_1]``, each of shape ``(N,)``.
        xs (list of Variables or arrays): time-major inputs, ``xs[t]`` of shape
            ``(B_t, I)`` and ``hx``'s dtype, B_t non-increasing.
        activation (str): 'tanh' or 'relu'.

    Returns:
        tuple: ``(hy, ys)`` with hy of shape ``(2S, B, N)`` and ``ys[t]`` of shape
        ``(B_t, 2N)``: the forward and backward outputs side by side; all of
        ``hx``'s dtype.
    """
    reject_kwargs('n_step_birnn', kwargs)
    hy, _, ys = n_step(_RNNCell('n_step_birnn', activation), n_layers, dropout_ratio, hx,
                       None, ws, bs, xs, bidirectional=True)
    return hy, ys
