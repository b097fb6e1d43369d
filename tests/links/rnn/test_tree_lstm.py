import numpy
import pytest

import kusari.links as L

RNG = numpy.random.RandomState(13)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lin(link, x):
    y = x @ link.W.array.T
    return y if link.b is None else y + link.b.array


def test_child_sum_tree_lstm_matches_tai_et_al(param_shapes):
    link = L.ChildSumTreeLSTM(3, 2)
    assert param_shapes(link) == {'/W_x/W': (8, 3), '/W_x/b': (8,), '/W_h_aio/W': (6, 2),
                                  '/W_h_f/W': (2, 2)}
    c1, c2, h1, h2 = RNG.randn(4, 2, 2).astype('f')
    x = RNG.randn(2, 3).astype('f')
    c, h = link(c1, c2, h1, h2, x)
    wx = _lin(link.W_x, x)
    aio = wx[:, :6] + _lin(link.W_h_aio, h1 + h2)
    a, i, o = aio[:, :2], aio[:, 2:4], aio[:, 4:]
    f1 = _sigmoid(wx[:, 6:] + _lin(link.W_h_f, h1))
    f2 = _sigmoid(wx[:, 6:] + _lin(link.W_h_f, h2))
    c_ref = numpy.tanh(a) * _sigmoid(i) + f1 * c1 + f2 * c2
    numpy.testing.assert_allclose(c.array, c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(h.array, _sigmoid(o) * numpy.tanh(c_ref), rtol=1e-5,
                                  atol=1e-6)
    # the children's order does not matter
    c_swapped, _ = link(c2, c1, h2, h1, x)
    numpy.testing.assert_allclose(c_swapped.array, c.array, rtol=1e-5, atol=1e-6)


def test_child_sum_tree_lstm_leaf_and_missing_children():
    link = L.ChildSumTreeLSTM(3, 2)
    x = RNG.randn(2, 3).astype('f')
    c, h = link(x)
    wx = _lin(link.W_x, x)
    c_ref = _sigmoid(wx[:, 2:4]) * numpy.tanh(wx[:, :2])
    numpy.testing.assert_allclose(c.array, c_ref, rtol=1e-5, atol=1e-6)
    c_none, _ = link(None, numpy.zeros((2, 2), 'f'), x)
    assert c_none.shape == (2, 2)
    with pytest.raises(ValueError, match='all inputs'):
        link(None, None, None)


def test_nary_tree_lstm(param_shapes):
    link = L.NaryTreeLSTM(3, 2, n_ary=2)
    shapes = param_shapes(link)
    assert shapes['/W_x/W'] == (10, 3) and shapes['/W_h1/W'] == (10, 2)
    assert '/W_h2/W' in shapes and '/W_h1/b' not in shapes
    c1, c2, h1, h2 = RNG.randn(4, 2, 2).astype('f')
    x = RNG.randn(2, 3).astype('f')
    c, h = link(c1, c2, h1, h2, x)
    z = _lin(link.W_x, x) + _lin(link.W_h1, h1) + _lin(link.W_h2, h2)
    a, i, o, f1, f2 = (z[:, 2 * k:2 * k + 2] for k in range(5))
    c_ref = (numpy.tanh(a) * _sigmoid(i) + _sigmoid(f1) * c1 + _sigmoid(f2) * c2)
    numpy.testing.assert_allclose(c.array, c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(h.array, _sigmoid(o) * numpy.tanh(c_ref), rtol=1e-5,
                                  atol=1e-6)
    with pytest.raises(ValueError, match='5 arguments'):
        link(c1, h1, x)
