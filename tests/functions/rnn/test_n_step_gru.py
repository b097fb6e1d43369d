import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('bidirectional', [False, True])
@pytest.mark.parametrize('n_layers, lengths', [(1, [3, 2, 2]), (2, [3, 1])])
def test_forward_backward(bidirectional, n_layers, lengths, check_n_step):
    check_n_step('gru', n_layers, bidirectional, lengths)


def test_dropout_follows_train_mode(rnn_problem, rnn_reference):
    hx, _, ws, bs, xs = rnn_problem('gru', 2, True, [3, 3, 1], n_units=16)
    expected_hy, _, expected_ys = rnn_reference('gru', 2, hx, None, ws, bs, xs, True)
    hy, ys = F.n_step_bigru(2, 0.5, hx, ws, bs, xs)
    numpy.testing.assert_allclose(hy.array[:2], expected_hy[:2])  # the first layer
    assert not numpy.allclose(hy.array[2:], expected_hy[2:])
    with kusari.using_config('train', False):
        hy, ys = F.n_step_bigru(2, 0.5, hx, ws, bs, xs)
    numpy.testing.assert_allclose(hy.array, expected_hy)
    for y, expected in zip(ys, expected_ys):
        numpy.testing.assert_allclose(y.array, expected)


def test_no_graph_in_no_backprop_mode(rnn_problem):
    hx, _, ws, bs, xs = rnn_problem('gru', 1, False, [2, 1])
    with kusari.no_backprop_mode():
        hy, ys = F.n_step_gru(1, 0.0, kusari.Variable(hx), ws, bs, xs)
    assert hy.creator is None and all(y.creator is None for y in ys)


def test_bad_inputs(rnn_problem):
    hx, _, ws, bs, xs = rnn_problem('gru', 1, True, [3, 2])
    with pytest.raises(InvalidType, match=r'n_step_bigru.*ws and bs'):
        F.n_step_bigru(1, 0.0, hx, ws[:1], bs[:1], xs)
    with pytest.raises(InvalidType, match=r'n_step_bigru.*bs\[1\]\[5\]'):
        F.n_step_bigru(1, 0.0, hx, ws, [bs[0], bs[1][:5] + [bs[1][5][:1]]], xs)
    with pytest.raises(InvalidType, match=r'n_step_bigru.*xs\[0\].*dtype'):
        F.n_step_bigru(1, 0.0, hx, ws, bs, [x.astype(numpy.float32) for x in xs])
    with pytest.raises(InvalidType, match='n_step_gru.*hx'):
        F.n_step_gru(1, 0.0, hx, ws[:1], bs[:1], xs)
    with pytest.raises(InvalidType, match='n_step_gru.*xs'):
        F.n_step_gru(1, 0.0, hx[:1], ws[:1], bs[:1], [])
