import itertools

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.gradient_check import check_backward, check_double_backward
from kusari.utils.type_check import InvalidType

N_LABEL = 3
LENGTHS = [4, 3, 3, 1]  # sorted by decreasing length, as crf1d requires


def _problem(dtype=numpy.float64):
    """cost (K, K), time-major xs[t] (B_t, K) and ys[t] (B_t,)."""
    batch_sizes = [sum(length > t for length in LENGTHS) for t in range(max(LENGTHS))]
    cost = numpy.random.randn(N_LABEL, N_LABEL).astype(dtype)
    xs = [numpy.random.randn(b, N_LABEL).astype(dtype) for b in batch_sizes]
    ys = [numpy.random.randint(0, N_LABEL, b).astype(numpy.int32) for b in batch_sizes]
    return cost, xs, ys


def _path_score(cost, xs, b, path):
    return (sum(xs[t][b, k] for t, k in enumerate(path))
            + sum(cost[path[t - 1], path[t]] for t in range(1, len(path))))


def _all_paths(length):
    return itertools.product(range(N_LABEL), repeat=length)


def test_forward_matches_enumeration_of_all_paths():
    cost, xs, ys = _problem()
    expected = []
    for b, length in enumerate(LENGTHS):
        log_z = numpy.log(sum(numpy.exp(_path_score(cost, xs, b, p))
                              for p in _all_paths(length)))
        expected.append(log_z - _path_score(cost, xs, b, [ys[t][b] for t in range(length)]))
    numpy.testing.assert_allclose(F.crf1d(cost, xs, ys, reduce='no').array, expected,
                                  rtol=1e-12)
    assert float(F.crf1d(cost, xs, ys).array) == pytest.approx(numpy.mean(expected))


def test_argmax_matches_enumeration_of_all_paths():
    cost, xs, _ = _problem()
    score, path = F.argmax_crf1d(cost, xs)
    for b, length in enumerate(LENGTHS):
        best = max(_all_paths(length), key=lambda p: _path_score(cost, xs, b, p))
        assert [int(path[t][b]) for t in range(length)] == list(best)
        assert float(score.array[b]) == pytest.approx(_path_score(cost, xs, b, best))
    assert [len(p) for p in path] == [len(x) for x in xs]


def test_accepts_padded_arrays():
    cost = numpy.random.randn(N_LABEL, N_LABEL)
    xs = numpy.random.randn(3, 2, N_LABEL)
    ys = numpy.random.randint(0, N_LABEL, (3, 2)).astype(numpy.int32)
    numpy.testing.assert_allclose(F.crf1d(cost, xs, ys).array,
                                  F.crf1d(cost, list(xs), list(ys)).array)
    assert [list(p) for p in F.argmax_crf1d(cost, xs)[1]] == [
        list(p) for p in F.argmax_crf1d(cost, list(xs))[1]]


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_backward_and_double_backward(reduce):
    cost, xs, ys = _problem()
    inputs = (cost,) + tuple(xs)

    def loss(cost, *xs):
        y = F.crf1d(cost, list(xs), ys, reduce=reduce)
        return F.reshape(y, (1,)) if y.ndim == 0 else y

    y_grad = numpy.random.randn(1 if reduce == 'mean' else len(LENGTHS))
    check_backward(loss, inputs, y_grad, dtype=numpy.float64)
    check_double_backward(loss, inputs, y_grad, tuple(numpy.random.randn(*a.shape)
                                                      for a in inputs), dtype=numpy.float64)


def test_argmax_score_gradient_is_the_path_indicator():
    cost, xs, _ = _problem()
    cost_v = kusari.Variable(cost)
    xs_v = [kusari.Variable(x) for x in xs]
    score, path = F.argmax_crf1d(cost_v, xs_v)
    F.sum(score).backward()
    for t, x in enumerate(xs_v):
        expected = numpy.zeros_like(x.array)
        expected[numpy.arange(len(path[t])), path[t]] = 1
        numpy.testing.assert_array_equal(x.grad, expected)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_lower_precision(dtype):
    cost, xs, ys = _problem()
    y = F.crf1d(cost.astype(dtype), [x.astype(dtype) for x in xs], ys, reduce='no')
    assert y.dtype == dtype
    numpy.testing.assert_allclose(y.array, F.crf1d(cost, xs, ys, reduce='no').array,
                                  rtol=1e-2 if dtype == numpy.float16 else 1e-5)


def test_bad_inputs():
    cost, xs, ys = _problem(numpy.float32)
    with pytest.raises(InvalidType, match='crf1d.*reduce'):
        F.crf1d(cost, xs, ys, reduce='sum')
    with pytest.raises(InvalidType, match='crf1d.*cost'):
        F.crf1d(cost[:2], xs, ys)
    with pytest.raises(InvalidType, match=r'crf1d.*xs\[1\].*must not grow'):
        F.crf1d(cost, xs[::-1], ys[::-1])
    with pytest.raises(InvalidType, match=r'crf1d.*ys\[0\].*\[0, 3\).*label 3'):
        F.crf1d(cost, xs, [numpy.full_like(ys[0], N_LABEL)] + ys[1:])
    with pytest.raises(InvalidType, match=r'crf1d.*ys\[1\].*shape'):
        F.crf1d(cost, xs, [ys[0], ys[0]] + ys[2:])
    with pytest.raises(InvalidType, match='crf1d.*ys.*steps'):
        F.crf1d(cost, xs, ys[:-1])
    with pytest.raises(InvalidType, match=r'argmax_crf1d.*xs\[0\].*dtype'):
        F.argmax_crf1d(cost, [x.astype(numpy.float64) for x in xs])
