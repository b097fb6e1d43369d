import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('bidirectional', [False, True])
@pytest.mark.parametrize('n_layers, lengths', [(1, [3, 2, 2]), (2, [3, 1])])
def test_forward_backward(bidirectional, n_layers, lengths, check_n_step):
    check_n_step('lstm', n_layers, bidirectional, lengths)


def test_dropout_only_between_layers(rnn_problem, rnn_reference):
    hx, cx, ws, bs, xs = rnn_problem('lstm', 2, False, [4, 2], n_units=16)
    expected = rnn_reference('lstm', 2, hx, cx, ws, bs, xs, False)
    one_layer = rnn_reference('lstm', 1, hx[:1], cx[:1], ws[:1], bs[:1], xs, False)
    hy, _, _ = F.n_step_lstm(2, 0.5, hx, cx, ws, bs, xs)
    numpy.testing.assert_allclose(hy.array[0], one_layer[0][0])  # layer 0 sees no dropout
    assert not numpy.allclose(hy.array[1], expected[0][1])
    with kusari.using_config('train', False):
        hy, cy, _ = F.n_step_lstm(2, 0.5, hx, cx, ws, bs, xs)
    numpy.testing.assert_allclose(hy.array, expected[0])
    numpy.testing.assert_allclose(cy.array, expected[1])


def test_outputs_are_time_major_tuples(rnn_problem):
    hx, cx, ws, bs, xs = rnn_problem('lstm', 1, True, [3, 1])
    hy, cy, ys = F.n_step_bilstm(1, 0.0, hx, cx, ws, bs, xs)
    assert isinstance(ys, tuple)
    assert [y.shape for y in ys] == [(2, 4), (1, 4), (1, 4)]
    assert hy.shape == cy.shape == (2, 2, 2)


def test_bad_inputs(rnn_problem):
    hx, cx, ws, bs, xs = rnn_problem('lstm', 1, False, [3, 2])
    with pytest.raises(InvalidType, match=r'n_step_lstm.*xs\[1\].*must not grow'):
        F.n_step_lstm(1, 0.0, hx, cx, ws, bs, xs[::-1])
    with pytest.raises(InvalidType, match='n_step_lstm.*cx'):
        F.n_step_lstm(1, 0.0, hx, cx[:, :1], ws, bs, xs)
    with pytest.raises(InvalidType, match=r'n_step_lstm.*ws\[0\]\[0\].*input size'):
        F.n_step_lstm(1, 0.0, hx, cx, ws, bs, [x[:, :2] for x in xs])
    with pytest.raises(InvalidType, match=r'n_step_lstm.*ws\[0\] and bs\[0\]'):
        F.n_step_lstm(1, 0.0, hx, cx, [ws[0][:6]], bs, xs)
    with pytest.raises(InvalidType, match='n_step_lstm.*hx'):
        F.n_step_lstm(2, 0.0, hx, cx, ws, bs, xs)
    with pytest.raises(InvalidType, match='n_step_lstm.*dropout_ratio'):
        F.n_step_lstm(1, 1.0, hx, cx, ws, bs, xs)
    with pytest.raises(ValueError, match='n_step_lstm.*train.*using_config'):
        F.n_step_lstm(1, 0.0, hx, cx, ws, bs, xs, train=True)
    with pytest.raises(TypeError, match='n_step_bilstm.*unexpected'):
        F.n_step_bilstm(1, 0.0, hx, cx, ws, bs, xs, foo=1)
