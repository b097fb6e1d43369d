import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(12)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _gates(link, x, h):
    z = x @ link.upward.W.array.T + link.upward.b.array + h @ link.lateral.W.array.T
    return (z.reshape(len(x), -1, 4)[:, :, k] for k in range(4))


def test_peephole_lstm(param_shapes):
    link = L.StatefulPeepholeLSTM(3, 2)
    assert param_shapes(link)['/peep_i/W'] == (2, 2) and '/peep_i/b' not in param_shapes(link)
    c = h = numpy.zeros((2, 2))
    for x in RNG.randn(2, 2, 3).astype('f'):
        a, i, f, o = _gates(link, x, h)
        i = _sigmoid(i + c @ link.peep_i.W.array.T)
        f = _sigmoid(f + c @ link.peep_f.W.array.T)
        c = numpy.tanh(a) * i + f * c
        o = _sigmoid(o + c @ link.peep_o.W.array.T)
        h = o * numpy.tanh(c)
        numpy.testing.assert_allclose(link(x).array, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(link.c.array, c, rtol=1e-5, atol=1e-6)


def _lstm(link, x, c, h):
    a, i, f, o = _gates(link, x, h)
    c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c
    return c, _sigmoid(o) * numpy.tanh(c)


def test_zoneout_lstm_without_zoneout_is_an_lstm():
    link = L.StatefulZoneoutLSTM(3, 2, c_ratio=0.0, h_ratio=0.0)
    c = h = numpy.zeros((2, 2))
    for x in RNG.randn(3, 2, 3).astype('f'):
        c, h = _lstm(link, x, c, h)
        numpy.testing.assert_allclose(link(x).array, h, rtol=1e-5, atol=1e-6)


def test_zoneout_lstm_with_full_zoneout_keeps_its_state():
    link = L.StatefulZoneoutLSTM(3, 2, c_ratio=1.0, h_ratio=1.0)
    y = link(RNG.randn(2, 3).astype('f'))
    numpy.testing.assert_array_equal(y.array, 0)
    numpy.testing.assert_array_equal(link.c.array, 0)


def test_zoneout_lstm_rejects_train_argument():
    # Chainer's types: ValueError for the removed train=, TypeError for an unknown name.
    with pytest.raises(ValueError, match='using_config'):
        L.StatefulZoneoutLSTM(2, 2, train=True)
    with pytest.raises(TypeError, match=r"StatefulZoneoutLSTM\(\) got unexpected keyword "
                                        r"argument\(s\) 'foo'"):
        L.StatefulZoneoutLSTM(2, 2, foo=True)


def test_zoneout_lstm_in_test_mode_takes_the_new_state():
    link = L.StatefulZoneoutLSTM(3, 2, c_ratio=0.25, h_ratio=0.75)
    x = RNG.randn(2, 3).astype('f')
    with kusari.using_config('train', False):
        y = link(x).array
    _, h = _lstm(link, x, numpy.zeros((2, 2)), numpy.zeros((2, 2)))
    numpy.testing.assert_allclose(y, h, rtol=1e-5, atol=1e-6)
