"""Running sequences at once and stepping through them one call per time step give
identical results (each step is computed on its own, as in Chainer)."""

import numpy
import pytest

import kusari.functions as F

rng = numpy.random.default_rng(5)
N, I, B, T = 5, 3, 4, 6


def _weights(n_weights, n_layers):
    ws = [[rng.uniform(-1, 1, (N, I if layer == 0 and j < n_weights // 2 else N))
           .astype(numpy.float32) for j in range(n_weights)] for layer in range(n_layers)]
    bs = [[rng.uniform(-1, 1, N).astype(numpy.float32) for _ in range(n_weights)]
          for _ in range(n_layers)]
    return ws, bs


@pytest.mark.parametrize('n_layers', [1, 2])
def test_n_step_lstm_at_once_equals_step_by_step(n_layers):
    ws, bs = _weights(8, n_layers)
    xs = [rng.uniform(-1, 1, (B, I)).astype(numpy.float32) for _ in range(T)]
    h = rng.uniform(-1, 1, (n_layers, B, N)).astype(numpy.float32)
    c = rng.uniform(-1, 1, (n_layers, B, N)).astype(numpy.float32)
    hy, cy, ys = F.n_step_lstm(n_layers, 0.0, h, c, ws, bs, xs)
    for t, x in enumerate(xs):
        h, c, (y,) = F.n_step_lstm(n_layers, 0.0, h, c, ws, bs, [x])
        numpy.testing.assert_array_equal(y.array, ys[t].array)
    numpy.testing.assert_array_equal(h.array, hy.array)
    numpy.testing.assert_array_equal(c.array, cy.array)


@pytest.mark.parametrize('name, n_weights', [('n_step_gru', 6), ('n_step_rnn', 2)])
def test_n_step_gru_and_rnn_at_once_equal_step_by_step(name, n_weights):
    function = getattr(F, name)
    ws, bs = _weights(n_weights, 2)
    xs = [rng.uniform(-1, 1, (B, I)).astype(numpy.float32) for _ in range(T)]
    h = rng.uniform(-1, 1, (2, B, N)).astype(numpy.float32)
    hy, ys = function(2, 0.0, h, ws, bs, xs)
    for t, x in enumerate(xs):
        h, (y,) = function(2, 0.0, h, ws, bs, [x])
        numpy.testing.assert_array_equal(y.array, ys[t].array)
    numpy.testing.assert_array_equal(h.array, hy.array)


def test_n_step_lstm_step_is_lstm_of_two_linear_maps():
    # Chainer's private helper functions.rnn.n_step_lstm._lstm
    from kusari.functions.rnn.n_step_lstm import _lstm
    ws, bs = _weights(8, 1)
    x = rng.uniform(-1, 1, (B, I)).astype(numpy.float32)
    h = rng.uniform(-1, 1, (1, B, N)).astype(numpy.float32)
    c = rng.uniform(-1, 1, (1, B, N)).astype(numpy.float32)
    h1, c1 = _lstm(x, h[0], c[0], ws[0], bs[0])
    hy, cy, _ = F.n_step_lstm(1, 0.0, h, c, ws, bs, [x])
    numpy.testing.assert_array_equal(h1.array, hy.array[0])
    numpy.testing.assert_array_equal(c1.array, cy.array[0])
    # the gates: i = W_0, f = W_1, a = W_2, o = W_3 (input side)
    w, b = ws[0], bs[0]

    def gate(k):
        return x @ w[k].T + b[k] + h[0] @ w[k + 4].T + b[k + 4]

    def sigmoid(v):
        return 1 / (1 + numpy.exp(-v))
    c_expected = sigmoid(gate(1)) * c[0] + sigmoid(gate(0)) * numpy.tanh(gate(2))
    numpy.testing.assert_allclose(c1.array, c_expected, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(h1.array, sigmoid(gate(3)) * numpy.tanh(c_expected),
                                  rtol=1e-5, atol=1e-6)


def test_nstep_lstm_link_equals_the_lstm_link_stepped():
    # the same weights in both links: NStepLSTM over whole sequences, LSTM step by step
    import kusari.links as L
    from kusari.functions.rnn.n_step_lstm import _interleaved
    nstep = L.NStepLSTM(1, I, N, 0.0)
    for j in range(4, 8):  # LSTM's lateral connection has no bias
        getattr(nstep[0], 'b{}'.format(j)).array[...] = 0
    for j in range(4):
        getattr(nstep[0], 'b{}'.format(j)).array[...] = rng.uniform(-1, 1, N)
    w = [getattr(nstep[0], 'w{}'.format(j)) for j in range(8)]
    b = [getattr(nstep[0], 'b{}'.format(j)) for j in range(8)]
    stepped = L.LSTM(I, N)
    stepped.upward.W.array[...] = _interleaved([w[2], w[0], w[1], w[3]]).array
    stepped.upward.b.array[...] = _interleaved([b[2], b[0], b[1], b[3]]).array
    stepped.lateral.W.array[...] = _interleaved([w[6], w[4], w[5], w[7]]).array
    seqs = [rng.uniform(-1, 1, (T, I)).astype(numpy.float32) for _ in range(B)]
    _, _, ys = nstep(None, None, seqs)
    for t in range(T):
        y = stepped(numpy.stack([s[t] for s in seqs]))
        numpy.testing.assert_array_equal(y.array, numpy.stack([seq.array[t] for seq in ys]))
