import numpy

import kusari.functions as F
import kusari.links as L

RNG = numpy.random.RandomState(42)


def _data():
    xs = [RNG.randn(3, 4).astype('f'), RNG.randn(2, 4).astype('f'), RNG.randn(1, 4).astype('f')]
    ys = [numpy.array(v, numpy.int32) for v in ([0, 3, 1], [2, 2], [1])]
    return xs, ys


def test_crf1d_loss_and_argmax_match_the_functions():
    link = L.CRF1d(4, initial_cost=RNG.randn(4, 4).astype('f'))
    assert link.cost.shape == (4, 4)
    xs, ys = _data()
    numpy.testing.assert_allclose(link(xs, ys).array, F.crf1d(link.cost, xs, ys).array,
                                  rtol=1e-6)
    score, path = link.argmax(xs)
    want_score, want_path = F.argmax_crf1d(link.cost, xs)
    numpy.testing.assert_allclose(score.array, want_score.array, rtol=1e-6)
    for p, q in zip(path, want_path):
        numpy.testing.assert_array_equal(p, q)


def test_crf1d_transposed_inputs():
    link = L.CRF1d(4)
    assert not link.cost.array.any()
    xs, ys = _data()
    batch_xs = [x.array for x in F.transpose_sequence(xs)]
    batch_ys = [y.array for y in F.transpose_sequence(ys)]
    numpy.testing.assert_allclose(link(batch_xs, batch_ys, transpose=True).array,
                                  link(xs, ys).array, rtol=1e-6)
    score, path = link.argmax(batch_xs, transpose=True)
    _, time_major = link.argmax(xs)
    assert [len(p) for p in path] == [3, 2, 1]
    numpy.testing.assert_array_equal(path[0], [p[0] for p in time_major])
    assert link(xs, ys, reduce='no').shape == (3,)
