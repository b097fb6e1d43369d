import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(10)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def lstm_step(link, c, h, x):
    """The LSTM step in NumPy, gates interleaved per unit as (a, i, f, o)."""
    z = x @ link.upward.W.array.T + link.upward.b.array
    if h is not None:
        z = z + h @ link.lateral.W.array.T
    a, i, f, o = (z.reshape(len(x), -1, 4)[:, :, k] for k in range(4))
    c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * (0 if c is None else c)
    return c, _sigmoid(o) * numpy.tanh(c)


def test_parameters_and_forget_bias():
    link = L.LSTM(3, 4)
    assert link.upward.W.shape == (16, 3) and link.lateral.W.shape == (16, 4)
    assert link.lateral.b is None
    gates = link.upward.b.array.reshape(4, 4)
    numpy.testing.assert_array_equal(gates, [[0, 0, 1, 0]] * 4)
    custom = L.LSTM(3, 2, bias_init=0.5, forget_bias_init=2.0)
    numpy.testing.assert_array_equal(custom.upward.b.array.reshape(2, 4),
                                     [[0.5, 0.5, 2, 0.5]] * 2)


def test_stateful_steps_match_numpy():
    link = L.LSTM(3, 4)
    xs = RNG.randn(3, 2, 3).astype(numpy.float32)
    c = h = None
    for x in xs:
        c, h = lstm_step(link, c, h, x)
        numpy.testing.assert_allclose(link(x).array, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(link.c.array, c, rtol=1e-5, atol=1e-6)
    link.reset_state()
    assert link.c is None and link.h is None


def test_shrinking_batch_keeps_the_rest_of_the_state():
    link = L.LSTM(2, 3)
    link(RNG.randn(3, 2).astype(numpy.float32))
    c0, h0 = link.c.array.copy(), link.h.array.copy()
    x = RNG.randn(2, 2).astype(numpy.float32)
    c, h = lstm_step(link, c0[:2], h0[:2], x)
    y = link(x)
    assert y.shape == (2, 3)
    numpy.testing.assert_allclose(link.h.array[:2], h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_array_equal(link.h.array[2], h0[2])
    numpy.testing.assert_allclose(link.c.array[:2], c, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_array_equal(link.c.array[2], c0[2])
    with pytest.raises(TypeError, match='batch size'):
        link(RNG.randn(4, 2).astype(numpy.float32))


def test_set_state_and_lazy_input_size():
    link = L.LSTM(None, 2)
    link.set_state(numpy.ones((1, 2), 'f'), numpy.zeros((1, 2), 'f'))
    x = RNG.randn(1, 5).astype(numpy.float32)
    y = link(x)
    assert link.upward.W.shape == (8, 5)
    _, h = lstm_step(link, numpy.ones((1, 2)), numpy.zeros((1, 2)), x)
    numpy.testing.assert_allclose(y.array, h, rtol=1e-5, atol=1e-6)


def test_stateless_lstm():
    link = L.StatelessLSTM(3, 2)
    x = RNG.randn(2, 3).astype(numpy.float32)
    c, h = link(None, None, x)
    c_ref, h_ref = lstm_step(link, None, None, x)
    numpy.testing.assert_allclose(h.array, h_ref, rtol=1e-5, atol=1e-6)
    c2, h2 = link(c, h, x)
    c_ref, h_ref = lstm_step(link, c_ref, h_ref, x)
    numpy.testing.assert_allclose(c2.array, c_ref, rtol=1e-5, atol=1e-6)


def test_gradients_reach_all_weights():
    with kusari.using_config('dtype', numpy.float64):
        link = L.LSTM(2, 3)
    link.cleargrads()  # new parameters' gradients are NaN, as in Chainer
    for x in RNG.randn(2, 4, 2):
        y = link(x)
    kusari.functions.sum(y * y).backward()
    for name, p in link.namedparams():
        assert p.grad is not None and numpy.abs(p.grad).sum() > 0, name
