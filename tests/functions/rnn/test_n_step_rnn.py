import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('activation', ['tanh', 'relu'])
@pytest.mark.parametrize('bidirectional', [False, True])
@pytest.mark.parametrize('n_layers, lengths', [(1, [3, 2, 2]), (2, [3, 1])])
def test_forward_backward(activation, bidirectional, n_layers, lengths, check_n_step):
    check_n_step('rnn', n_layers, bidirectional, lengths, activation=activation)


def test_states_of_sequences_without_steps_pass_through(rnn_problem, rnn_reference):
    # hx may hold more sequences than xs[0] (sequences of length 0 sort last).
    hx, _, ws, bs, xs = rnn_problem('rnn', 2, True, [2, 1, 0])
    hy, ys = F.n_step_birnn(2, 0.0, hx, ws, bs, xs)
    expected_hy, _, expected_ys = rnn_reference('rnn', 2, hx, None, ws, bs, xs, True)
    numpy.testing.assert_allclose(hy.array, expected_hy)
    numpy.testing.assert_array_equal(hy.array[:, 2], hx[:, 2])
    for y, expected in zip(ys, expected_ys):
        numpy.testing.assert_allclose(y.array, expected)


def test_gradients_reach_every_weight_and_step(rnn_problem):
    hx, _, ws, bs, xs = rnn_problem('rnn', 2, True, [3, 2])
    ws = [[kusari.Variable(w) for w in group] for group in ws]
    xs = [kusari.Variable(x) for x in xs]
    _, ys = F.n_step_birnn(2, 0.0, hx, ws, bs, xs)
    F.sum(F.concat(ys, axis=0)).backward()
    assert all(w.grad is not None and w.grad.any() for group in ws for w in group)
    assert all(x.grad.any() for x in xs)


def test_bad_inputs(rnn_problem):
    hx, _, ws, bs, xs = rnn_problem('rnn', 1, False, [3, 2])
    with pytest.raises(InvalidType, match='n_step_rnn.*activation'):
        F.n_step_rnn(1, 0.0, hx, ws, bs, xs, activation='sigmoid')
    with pytest.raises(InvalidType, match='n_step_birnn.*activation'):
        F.n_step_birnn(1, 0.0, hx, ws, bs, xs, activation='elu')
    with pytest.raises(InvalidType, match='n_step_rnn.*n_layers'):
        F.n_step_rnn(0, 0.0, hx, ws, bs, xs)
    with pytest.raises(ValueError, match='n_step_rnn.*use_cudnn'):
        F.n_step_rnn(1, 0.0, hx, ws, bs, xs, use_cudnn=False)
