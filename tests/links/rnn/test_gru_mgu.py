import numpy
import pytest

import kusari.links as L

RNG = numpy.random.RandomState(11)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lin(link, x):
    return x @ link.W.array.T + link.b.array


def gru_step(link, h, x):
    r = _sigmoid(_lin(link.W_r, x) + _lin(link.U_r, h))
    z = _sigmoid(_lin(link.W_z, x) + _lin(link.U_z, h))
    h_bar = numpy.tanh(_lin(link.W, x) + _lin(link.U, r * h))
    return z * h_bar + (1 - z) * h


def test_gru_parameters(param_shapes):
    shapes = param_shapes(L.StatelessGRU(3, 4))
    assert shapes['/W_r/W'] == (4, 3) and shapes['/U_z/W'] == (4, 4) and len(shapes) == 12


def test_stateless_gru():
    link = L.StatelessGRU(3, 4)
    h, x = RNG.randn(2, 4).astype('f'), RNG.randn(2, 3).astype('f')
    numpy.testing.assert_allclose(link(h, x).array, gru_step(link, h, x), rtol=1e-5,
                                  atol=1e-6)


@pytest.mark.parametrize('cls', [L.StatefulGRU, L.GRU])
def test_stateful_gru(cls):
    link = cls(3, 4)
    assert (link.W.b.array == 0).all()
    x0, x1 = RNG.randn(2, 2, 3).astype('f')
    # the first step has no state: z * h_bar
    z = _sigmoid(_lin(link.W_z, x0))
    h = z * numpy.tanh(_lin(link.W, x0))
    numpy.testing.assert_allclose(link(x0).array, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(link(x1).array, gru_step(link, h, x1), rtol=1e-5,
                                  atol=1e-6)


def test_gru_takes_exactly_one_input():
    # Chainer's ValueError, with a hint for the stateless call of Chainer v1
    x = RNG.randn(2, 3).astype('f')
    with pytest.raises(ValueError, match='stateful'):
        L.GRU(3, 4)(RNG.randn(2, 4).astype('f'), x)
    for args in [(), (x, x, x)]:
        with pytest.raises(ValueError, match='GRU takes one input'):
            L.GRU(3, 4)(*args)


def mgu_step(link, h, x):
    f = _sigmoid(_lin(link.W_f, numpy.concatenate([h, x], axis=1)))
    h_bar = numpy.tanh(_lin(link.W_h, numpy.concatenate([f * h, x], axis=1)))
    return f * h_bar + (1 - f) * h


def test_mgu(param_shapes):
    assert param_shapes(L.StatelessMGU(3, 4)) == {
        '/W_f/W': (4, 7), '/W_f/b': (4,), '/W_h/W': (4, 7), '/W_h/b': (4,)}
    stateless = L.StatelessMGU(3, 4)
    h, x = RNG.randn(2, 4).astype('f'), RNG.randn(2, 3).astype('f')
    numpy.testing.assert_allclose(stateless(h, x).array, mgu_step(stateless, h, x),
                                  rtol=1e-5, atol=1e-6)
    stateful = L.StatefulMGU(3, 4)
    h = mgu_step(stateful, numpy.zeros((2, 4), 'f'), x)
    numpy.testing.assert_allclose(stateful(x).array, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(stateful(x).array, mgu_step(stateful, h, x), rtol=1e-5,
                                  atol=1e-6)
