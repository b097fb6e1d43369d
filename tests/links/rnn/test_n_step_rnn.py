"""The NStep links against step-by-step NumPy recurrences with their own weights."""

import numpy
import pytest

import kusari.links as L

RNG = numpy.random.RandomState(14)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _sequences(in_size, lengths=(3, 5, 2)):
    return [RNG.randn(n, in_size).astype('f') for n in lengths]


def _rnn_tanh(layer, xs, h):
    w0, w1, b0, b1 = (getattr(layer, n).array for n in ('w0', 'w1', 'b0', 'b1'))
    out = []
    for x in xs:
        h = numpy.tanh(x @ w0.T + b0 + h @ w1.T + b1)
        out.append(h)
    return numpy.array(out), h


def _lstm(layer, xs, h, c):
    w = [getattr(layer, 'w%d' % i).array for i in range(8)]
    b = [getattr(layer, 'b%d' % i).array for i in range(8)]

    def gate(k, x, h):
        return x @ w[k].T + b[k] + h @ w[k + 4].T + b[k + 4]

    out = []
    for x in xs:
        # Chainer's code (not its docs): w2/w6 feed the cell input, w3/w7 the output gate
        i, f, o = (_sigmoid(gate(k, x, h)) for k in (0, 1, 3))
        a = numpy.tanh(gate(2, x, h))
        c = a * i + f * c
        h = o * numpy.tanh(c)
        out.append(h)
    return numpy.array(out), h, c


def test_parameter_layout(param_shapes):
    shapes = param_shapes(L.NStepBiLSTM(2, 3, 4, 0.0))
    assert len(shapes) == 4 * 16
    assert shapes['/0/w0'] == (4, 3) and shapes['/1/w3'] == (4, 3)
    assert shapes['/0/w4'] == (4, 4) and shapes['/2/w0'] == (4, 8)
    assert shapes['/3/b7'] == (4,)
    assert param_shapes(L.NStepGRU(1, 3, 4, 0.0))['/0/w5'] == (4, 4)
    assert sorted(param_shapes(L.NStepRNNReLU(1, 3, 4, 0.0))) == \
        ['/0/b0', '/0/b1', '/0/w0', '/0/w1']


def test_rnn_tanh_two_layers_matches_numpy():
    link = L.NStepRNNTanh(2, 3, 4, 0.0)
    xs = _sequences(3)
    hy, ys = link(None, xs)
    assert hy.shape == (2, 3, 4)
    for b, x in enumerate(xs):
        h1, last1 = _rnn_tanh(link[0], x, numpy.zeros(4))
        h2, last2 = _rnn_tanh(link[1], h1, numpy.zeros(4))
        numpy.testing.assert_allclose(ys[b].array, h2, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(hy.array[0, b], last1, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(hy.array[1, b], last2, rtol=1e-4, atol=1e-5)


def test_lstm_with_initial_state_matches_numpy():
    link = L.NStepLSTM(1, 3, 2, 0.0, initial_bias=0.1)
    xs = _sequences(3, (2, 4))
    hx = RNG.randn(1, 2, 2).astype('f')
    cx = RNG.randn(1, 2, 2).astype('f')
    hy, cy, ys = link(hx, cx, xs)
    for b, x in enumerate(xs):
        h, last_h, last_c = _lstm(link[0], x, hx[0, b], cx[0, b])
        numpy.testing.assert_allclose(ys[b].array, h, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(hy.array[0, b], last_h, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(cy.array[0, b], last_c, rtol=1e-4, atol=1e-5)


def test_bidirectional_rnn_runs_backwards_too():
    link = L.NStepBiRNNTanh(1, 3, 2, 0.0)
    xs = _sequences(3, (4, 2))
    hy, ys = link(None, xs)
    assert hy.shape == (2, 2, 2) and ys[0].shape == (4, 4)
    for b, x in enumerate(xs):
        forward, _ = _rnn_tanh(link[0], x, numpy.zeros(2))
        backward, _ = _rnn_tanh(link[1], x[::-1], numpy.zeros(2))
        numpy.testing.assert_allclose(ys[b].array[:, :2], forward, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(ys[b].array[:, 2:], backward[::-1], rtol=1e-4,
                                      atol=1e-5)


def test_gru_shapes_and_errors():
    link = L.NStepBiGRU(2, 3, 4, 0.5)
    hy, ys = link(None, _sequences(3))
    assert hy.shape == (4, 3, 4) and [y.shape for y in ys] == [(3, 8), (5, 8), (2, 8)]
    with pytest.raises(ValueError, match='use_cudnn'):
        L.NStepLSTM(1, 2, 2, 0.0, use_cudnn=True)
    with pytest.raises(TypeError, match='list'):
        link(None, RNG.randn(2, 3, 3).astype('f'))


def test_modules_and_state_counts_as_in_chainer():
    from kusari.links.rnn import n_step_gru, n_step_lstm, n_step_rnn
    assert L.NStepGRU is n_step_gru.NStepGRU and L.NStepBiGRU is n_step_gru.NStepBiGRU
    assert L.NStepLSTM is n_step_lstm.NStepLSTM and L.NStepBiLSTM is n_step_lstm.NStepBiLSTM
    assert L.NStepRNNTanh is n_step_rnn.NStepRNNTanh
    assert L.NStepLSTM(1, 2, 3, 0.0).n_cells == 2 and L.NStepBiLSTM(1, 2, 3, 0.0).n_cells == 2
    for link in (L.NStepGRU, L.NStepBiGRU, L.NStepRNNTanh, L.NStepBiRNNReLU):
        assert link(1, 2, 3, 0.0).n_cells == 1


def _node_names(y):
    names, stack = set(), [y.creator_node]
    while stack:
        node = stack.pop()
        if node is not None and type(node).__name__ not in names:
            names.add(type(node).__name__)
            stack.extend(x.creator_node for x in node.inputs)
    return names


@pytest.mark.parametrize('lengths, permuted', [((3, 3), False), ((2, 4), True)])
def test_sequences_are_permuted_only_when_out_of_length_order(lengths, permuted):
    link = L.NStepLSTM(1, 3, 2, 0.0)
    xs = _sequences(3, lengths)
    hx = RNG.randn(1, 2, 2).astype('f')
    cx = RNG.randn(1, 2, 2).astype('f')
    hy, cy, ys = link(hx, cx, xs)
    assert ('Permutate' in _node_names(hy)) == permuted
    for b, x in enumerate(xs):
        h, last_h, last_c = _lstm(link[0], x, hx[0, b], cx[0, b])
        numpy.testing.assert_allclose(ys[b].array, h, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(hy.array[0, b], last_h, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(cy.array[0, b], last_c, rtol=1e-4, atol=1e-5)
