import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(40)
COUNTS = {0: 8, 1: 5, 2: 6, 3: 4, 4: 10, 5: 1}


def test_huffman_tree():
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
    assert tree == ((3, 1), (2, 0))
    with pytest.raises(ValueError, match='empty'):
        L.BinaryHierarchicalSoftmax.create_huffman_tree({})


def test_probabilities_over_the_vocabulary_sum_to_one():
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree(COUNTS)
    link = L.BinaryHierarchicalSoftmax(3, tree)
    assert link.W.shape == (len(COUNTS) - 1, 3)
    x = RNG.randn(1, 3).astype(numpy.float32)
    losses = [float(link(x, numpy.array([w], numpy.int32)).array) for w in COUNTS]
    numpy.testing.assert_allclose(numpy.exp(-numpy.array(losses)).sum(), 1.0, rtol=1e-5)


def test_loss_of_a_two_leaf_tree_is_a_logistic_loss():
    link = L.BinaryHierarchicalSoftmax(2, (0, 1))
    x = RNG.randn(4, 2).astype(numpy.float32)
    t = numpy.array([0, 1, 1, 0], numpy.int32)
    score = x @ link.W.array[0]
    want = numpy.sum(numpy.logaddexp(0, -numpy.where(t == 0, score, -score)))
    numpy.testing.assert_allclose(float(link(x, t).array), want, rtol=1e-5)


def test_gradients():
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree(COUNTS)
    with kusari.using_config('dtype', numpy.float64):
        link = L.BinaryHierarchicalSoftmax(3, tree)
    t = numpy.array([0, 5, 4], numpy.int32)
    kusari.gradient_check.check_backward(lambda x: link(x, t), RNG.randn(3, 3), None,
                                         params=(link.W,), dtype=numpy.float64, atol=1e-5)


def test_sample_follows_the_model():
    tree = ((0, 1), 2)
    link = L.BinaryHierarchicalSoftmax(1, tree)
    link.W.array[...] = [[3.0], [-1.0]]   # root (node 0): P(left) = s(3); node 1: P(0) = s(-1)
    numpy.random.seed(0)
    x = numpy.ones((4000, 1), numpy.float32)
    words = link.sample(x)
    sigmoid = 1 / (1 + numpy.exp(-numpy.array([3.0, -1.0])))
    expected = [sigmoid[0] * sigmoid[1], sigmoid[0] * (1 - sigmoid[1]), 1 - sigmoid[0]]
    frequencies = numpy.bincount(words, minlength=3) / len(words)
    numpy.testing.assert_allclose(frequencies, expected, atol=0.03)


def test_malformed_tree():
    with pytest.raises(ValueError, match='two children'):
        L.BinaryHierarchicalSoftmax(2, ((0, 1, 2), 3))


def test_paths_and_codes_are_kept_in_func_as_in_chainer():
    link = L.BinaryHierarchicalSoftmax(2, (0, 1))
    assert link._func.codes[:, 0].tolist() == [1, -1]
    # a float64 input on a float16 link: the codes may be cast, as Chainer's tests do
    with kusari.using_config('dtype', numpy.float16):
        link = L.BinaryHierarchicalSoftmax(2, (0, 1))
    link._func.codes = link._func.codes.astype(numpy.float64)
    y = link(RNG.randn(3, 2), numpy.array([0, 1, 1], numpy.int32))
    assert y.dtype == numpy.float64 and numpy.isfinite(y.array)
