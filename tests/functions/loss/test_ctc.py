import itertools

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.gradient_check import check_backward
from kusari.utils.type_check import InvalidType

ctc = F.connectionist_temporal_classification


def _brute_force_nll(scores, label, blank):
    """-log of the summed probability of every path that collapses to ``label``."""
    probs = numpy.exp(scores - scores.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    total = 0.0
    for path in itertools.product(range(scores.shape[1]), repeat=len(scores)):
        merged = [k for i, k in enumerate(path) if i == 0 or k != path[i - 1]]
        if [k for k in merged if k != blank] == list(label):
            total += numpy.prod(probs[numpy.arange(len(path)), path])
    return -numpy.log(total)


def _problem(blank):
    """Scores (T=5, B=4, V=3), labels with repeats and padding, and lengths."""
    x = numpy.random.uniform(-2, 2, (5, 4, 3))
    labels = [k for k in range(3) if k != blank]
    t = numpy.array([[labels[0], labels[1], labels[0]],
                     [labels[0], labels[0], 0],
                     [labels[1], 0, 0],
                     [0, 0, 0]], numpy.int32)
    input_length = numpy.array([5, 4, 3, 2], numpy.int32)
    label_length = numpy.array([3, 2, 1, 0], numpy.int32)
    return x, t, input_length, label_length


@pytest.mark.parametrize('blank', [0, 2])
def test_forward_matches_brute_force(blank):
    x, t, input_length, label_length = _problem(blank)
    losses = ctc(list(x), t, blank, input_length, label_length, reduce='no')
    expected = [_brute_force_nll(x[:input_length[b], b], t[b, :label_length[b]], blank)
                for b in range(4)]
    numpy.testing.assert_allclose(losses.array, expected, rtol=1e-10)
    mean = ctc(list(x), t, blank, input_length, label_length)
    assert float(mean.array) == pytest.approx(numpy.mean(expected), rel=1e-10)


def test_default_lengths_use_everything():
    x = numpy.random.randn(3, 2, 4)
    t = numpy.array([[1, 2], [3, 3]], numpy.int32)
    expected = [_brute_force_nll(x[:, b], t[b], 0) for b in range(2)]
    numpy.testing.assert_allclose(ctc(tuple(x), t, 0, reduce='no').array, expected)


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_backward(reduce):
    x, t, input_length, label_length = _problem(0)
    y_grad = None if reduce == 'mean' else numpy.random.randn(4)

    def f(*xs):
        return ctc(list(xs), t, 0, input_length, label_length, reduce=reduce)

    check_backward(f, tuple(x), y_grad, dtype=numpy.float64, atol=1e-7, rtol=1e-5)


def test_gradient_is_zero_after_each_input_ends():
    x, t, input_length, label_length = _problem(0)
    xs = [kusari.Variable(xi) for xi in x]
    ctc(xs, t, 0, input_length, label_length).backward()
    for step, xv in enumerate(xs):
        ended = step >= input_length
        assert not xv.grad[ended].any()
        assert xv.grad[~ended].any()


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_lower_precision(dtype):
    x, t, input_length, label_length = _problem(0)
    y = ctc([xi.astype(dtype) for xi in x], t, 0, input_length, label_length, reduce='no')
    expected = ctc(list(x), t, 0, input_length, label_length, reduce='no').array
    assert y.dtype == dtype
    numpy.testing.assert_allclose(y.array, expected, rtol=5e-3 if dtype == numpy.float16
                                  else 1e-5)


def test_impossible_alignment_gives_inf_without_nan_gradient():
    xs = [kusari.Variable(numpy.random.randn(1, 3)) for _ in range(2)]
    y = ctc(xs, numpy.array([[1, 1]], numpy.int32), 0, reduce='no')  # needs 3 steps
    assert numpy.isinf(y.array).all()
    F.sum(y).backward()
    assert all(numpy.isfinite(xv.grad).all() for xv in xs)


def test_bad_inputs():
    x = [numpy.zeros((2, 3), numpy.float32)] * 4
    t = numpy.ones((2, 2), numpy.int32)
    name = 'connectionist_temporal_classification'
    with pytest.raises(InvalidType, match=name + '.*x'):
        ctc(numpy.zeros((4, 2, 3), numpy.float32), t, 0)
    with pytest.raises(InvalidType, match=name + '.*blank_symbol'):
        ctc(x, t, 3)
    with pytest.raises(InvalidType, match=name + '.*blank_symbol'):
        ctc(x, t, 0.0)
    with pytest.raises(InvalidType, match=name + r'.*t.*\[0, 3\).*label 3'):
        ctc(x, t + 2, 0)
    with pytest.raises(InvalidType, match=name + '.*input_length'):
        ctc(x, t, 0, input_length=numpy.array([5, 4], numpy.int32))
    with pytest.raises(InvalidType, match=name + '.*label_length'):
        ctc(x, t, 0, label_length=numpy.array([3], numpy.int32))
    with pytest.raises(InvalidType, match=name + '.*reduce'):
        ctc(x, t, 0, reduce='sum')
    with pytest.raises(InvalidType, match=name + r'.*x\[1\]'):
        ctc([x[0], x[0][:1]], t, 0)
