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


def test_crf1d_sorts_unsorted_sequences_and_restores_the_paths():
    link = L.CRF1d(4, initial_cost=RNG.randn(4, 4).astype('f'))
    seqs = [RNG.randn(n, 4).astype('f') for n in (1, 3, 2)]
    labels = [RNG.randint(0, 4, n).astype(numpy.int32) for n in (1, 3, 2)]
    order = [1, 2, 0]  # by decreasing length
    loss = link(seqs, labels, reduce='no', transpose=True)
    sorted_loss = link([seqs[i] for i in order], [labels[i] for i in order], reduce='no',
                       transpose=True)
    numpy.testing.assert_array_equal(loss.array, sorted_loss.array)  # the sorted order
    _, paths = link.argmax(seqs, transpose=True)
    _, sorted_paths = link.argmax([seqs[i] for i in order], transpose=True)
    assert [len(p) for p in paths] == [1, 3, 2]
    for position, i in enumerate(order):
        numpy.testing.assert_array_equal(paths[i], sorted_paths[position])


def test_sequence_order_helpers():
    from kusari.links.rnn.n_step_rnn import argsort_list_descent, permutate_list
    seqs = ['a', 'bbb', 'cc']
    order = argsort_list_descent(seqs)
    assert order.dtype == numpy.int32 and order.tolist() == [1, 2, 0]
    ordered = permutate_list(seqs, order, inv=False)
    assert ordered == ['bbb', 'cc', 'a']
    assert permutate_list(ordered, order, inv=True) == seqs
