import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(44)
TOLS = {numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}}


def sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def gates(x, count, interleaved):
    units = x.shape[1] // count
    if interleaved:
        r = x.reshape((len(x), units, count) + x.shape[2:])
        return [r[:, :, k] for k in range(count)]
    r = x.reshape((len(x), count, units) + x.shape[2:])
    return [r[:, k] for k in range(count)]


def lstm_reference(c_prev, x):
    a, i, f, o = (g.astype(numpy.float64) for g in gates(x, 4, True))
    batch = len(x)
    c = c_prev.astype(numpy.float64).copy()
    c[:batch] = numpy.tanh(a) * sigmoid(i) + sigmoid(f) * c[:batch]
    h = sigmoid(o) * numpy.tanh(c[:batch])
    return c.astype(x.dtype), h.astype(x.dtype)


def slstm_reference(c1, c2, x1, x2):
    a1, i1, f1, o1 = (g.astype(numpy.float64) for g in gates(x1, 4, True))
    a2, i2, f2, o2 = (g.astype(numpy.float64) for g in gates(x2, 4, True))
    c = (numpy.tanh(a1) * sigmoid(i1) + numpy.tanh(a2) * sigmoid(i2) + sigmoid(f1) * c1 +
         sigmoid(f2) * c2)
    h = sigmoid(o1 + o2) * numpy.tanh(c)
    return c.astype(x1.dtype), h.astype(x1.dtype)


def tree_lstm_reference(*inputs):
    cs, x = inputs[:-1], inputs[-1]
    a, i, o, *fs = (g.astype(numpy.float64) for g in gates(x, 3 + len(cs), False))
    c = numpy.tanh(a) * sigmoid(i) + sum(sigmoid(f) * c_k for f, c_k in zip(fs, cs))
    h = sigmoid(o) * numpy.tanh(c)
    return c.astype(x.dtype), h.astype(x.dtype)


@pytest.mark.parametrize('c_shape, x_batch', [((3, 2), 3), ((2, 3, 4), 2), ((4, 2), 2),
                                              ((3, 2), 0)])
def test_lstm(c_shape, x_batch):
    x_shape = (x_batch, 4 * c_shape[1]) + c_shape[2:]
    check_function(F.lstm, (rng.uniform(-1, 1, c_shape), rng.uniform(-1, 1, x_shape)),
                   lstm_reference, forward_options=TOLS, backward_options=TOLS,
                   double_backward_options=TOLS)


@pytest.mark.parametrize('output', [0, 1])
def test_lstm_with_one_output_used(output):
    check_function(lambda c, x: F.lstm(c, x)[output],
                   (rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (2, 8))),
                   lambda c, x: lstm_reference(c, x)[output], dtypes=(numpy.float64,))


def test_lstm_passes_the_rest_of_c_prev_through():
    c_prev = kusari.Variable(rng.uniform(-1, 1, (3, 2)))
    c, h = F.lstm(c_prev, rng.uniform(-1, 1, (1, 8)))
    numpy.testing.assert_array_equal(c.array[1:], c_prev.array[1:])
    assert h.shape == (1, 2)
    F.sum(c).backward()
    numpy.testing.assert_array_equal(c_prev.grad[1:], numpy.ones((2, 2)))


def test_lstm_bad_shapes():
    with pytest.raises(InvalidType, match='lstm: invalid shapes of c_prev and x'):
        F.lstm(numpy.ones((2, 3)), numpy.ones((2, 8)))
    with pytest.raises(InvalidType, match='lstm: invalid x'):
        F.lstm(numpy.ones((2, 2)), numpy.ones((3, 8)))
    with pytest.raises(InvalidType, match='lstm: invalid dtypes of c_prev and x'):
        F.lstm(numpy.ones((2, 2)), numpy.ones((2, 8), numpy.float32))


def lstm_grad_reference(c_prev, x, c, gc, gh):
    """Gradients of the LSTM with c, gc and gh given (float64 inside)."""
    dtype = x.dtype
    c_prev, x, c, gc, gh = (v.astype(numpy.float64) for v in (c_prev, x, c, gc, gh))
    batch = len(x)
    a, i, f, o = gates(x, 4, True)
    a, i, f, o = numpy.tanh(a), sigmoid(i), sigmoid(f), sigmoid(o)
    t = numpy.tanh(c[:batch])
    g = gc[:batch] + gh * o * (1 - t ** 2)
    gx = numpy.empty_like(x)
    for block, value in zip(gates(gx, 4, True), [g * i * (1 - a ** 2), g * a * i * (1 - i),
                                                  g * c_prev[:batch] * f * (1 - f),
                                                  gh * t * o * (1 - o)]):
        block[...] = value
    gc_prev = gc.copy()
    gc_prev[:batch] = g * f
    return gc_prev.astype(dtype), gx.astype(dtype)


@pytest.mark.parametrize('batch', [3, 2, 0])
def test_lstm_grad_is_a_twice_differentiable_node(batch):
    from kusari.functions.rnn.lstm import LSTMGrad
    inputs = (rng.uniform(-1, 1, (3, 2, 4)), rng.uniform(-1, 1, (batch, 8, 4)),
              rng.uniform(-1, 1, (3, 2, 4)), rng.uniform(-1, 1, (3, 2, 4)),
              rng.uniform(-1, 1, (batch, 2, 4)))
    check_function(lambda *xs: LSTMGrad()(*xs), inputs,
                   lambda *xs: lstm_grad_reference(*[numpy.asarray(v) for v in xs]),
                   forward_options=TOLS, backward_options=TOLS, double_backward_options=TOLS)


def test_slstm_grad_is_a_twice_differentiable_node():
    from kusari.functions.rnn.slstm import SLSTMGrad
    shapes = [(3, 2), (3, 2), (3, 8), (3, 8), (3, 2), (3, 2), (3, 2)]
    check_function(lambda *xs: SLSTMGrad()(*xs),
                   tuple(rng.uniform(-1, 1, s) for s in shapes),
                   dtypes=(numpy.float64,))


@pytest.mark.parametrize('grads', [(True, False), (False, True)])
def test_lstm_double_backward_with_one_output_gradient(grads):
    c_prev = kusari.Variable(rng.uniform(-1, 1, (3, 2)))
    x = kusari.Variable(rng.uniform(-1, 1, (3, 8)))
    c, h = F.lstm(c_prev, x)
    used = [y for y, use in zip((c, h), grads) if use]
    gx, = kusari.grad([F.sum(y * y) for y in used], [x], enable_double_backprop=True)
    ggx, = kusari.grad([F.sum(gx * gx)], [x])
    assert ggx.shape == x.shape and numpy.isfinite(ggx.array).all()


@pytest.mark.parametrize('c_shape', [(3, 2), (2, 2, 3)])
def test_slstm(c_shape):
    x_shape = (c_shape[0], 4 * c_shape[1]) + c_shape[2:]
    inputs = (rng.uniform(-1, 1, c_shape), rng.uniform(-1, 1, c_shape),
              rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, x_shape))
    check_function(F.slstm, inputs, slstm_reference, forward_options=TOLS,
                   backward_options=TOLS, double_backward_options=TOLS)


def test_slstm_with_only_h_used():
    inputs = tuple(rng.uniform(-1, 1, s) for s in [(2, 2), (2, 2), (2, 8), (2, 8)])
    check_function(lambda *xs: F.slstm(*xs)[1], inputs, lambda *xs: slstm_reference(*xs)[1],
                   dtypes=(numpy.float64,))


def test_slstm_bad_shapes():
    with pytest.raises(InvalidType, match='slstm: invalid shapes of c_prev1 and c_prev2'):
        F.slstm(numpy.ones((2, 2)), numpy.ones((3, 2)), numpy.ones((2, 8)),
                numpy.ones((3, 8)))


@pytest.mark.parametrize('n, c_shape', [(1, (3, 2)), (2, (2, 3)), (3, (2, 2, 2))])
def test_tree_lstm(n, c_shape):
    x_shape = (c_shape[0], (3 + n) * c_shape[1]) + c_shape[2:]
    inputs = tuple(rng.uniform(-1, 1, c_shape) for _ in range(n)) + (
        rng.uniform(-1, 1, x_shape),)
    check_function(F.tree_lstm, inputs, tree_lstm_reference, forward_options=TOLS,
                   backward_options=TOLS, double_backward_options=TOLS)


def test_tree_lstm_bad_inputs():
    with pytest.raises(InvalidType, match='tree_lstm: invalid inputs'):
        F.tree_lstm(numpy.ones((2, 8)))
    with pytest.raises(InvalidType, match='tree_lstm: invalid shapes of c1 and x'):
        F.tree_lstm(numpy.ones((2, 2)), numpy.ones((2, 2)), numpy.ones((2, 8)))
    with pytest.raises(InvalidType, match='tree_lstm: invalid c2'):
        F.tree_lstm(numpy.ones((2, 2)), numpy.ones((3, 2)), numpy.ones((2, 10)))
