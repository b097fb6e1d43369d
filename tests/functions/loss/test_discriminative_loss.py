import itertools

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

loss_fn = F.discriminative_margin_based_clustering_loss


def _norm(v, norm):
    return numpy.abs(v).sum() if norm == 1 else numpy.sqrt((v ** 2).sum())


def _reference(emb, labels, delta_v, delta_d, norm, alpha, beta, gamma):
    """Chainer's definition written out with loops over instances, images and pixels."""
    batch, dim = emb.shape[:2]
    emb = emb.astype(numpy.float64)
    means = numpy.zeros((dim, batch, dim))
    for c, b in itertools.product(range(dim), range(batch)):
        pixels = emb[b][:, labels[b] == c + 1]                        # (dim, n_pixels)
        if pixels.shape[1]:
            means[c, b] = pixels.mean(axis=1)
    l_var = 0.0
    for c in range(dim):
        total, count = 0.0, 0
        for b in range(batch):
            for h, w in zip(*numpy.nonzero(labels[b] == c + 1)):
                total += max(_norm(means[c, b] - emb[b, :, h, w], norm) - delta_v, 0) ** 2
                count += 1
        l_var += total / max(count, 1)
    l_var /= dim
    l_dist, pairs = 0.0, 0
    for a, c in itertools.combinations(range(dim), 2):
        for b in range(batch):
            l_dist += max(2 * delta_d - _norm(means[a, b] - means[c, b], norm), 0) ** 2
        pairs += 1
    l_dist /= max(pairs * batch, 1)
    l_reg = sum(_norm(means[c], norm) for c in range(dim)) / (dim * batch)
    return alpha * l_var, beta * l_dist, gamma * l_reg


@pytest.mark.parametrize('norm', [1, 2])
def test_forward_matches_loop_reference(norm):
    emb = numpy.random.uniform(-1, 1, (2, 3, 4, 5))
    labels = numpy.random.randint(0, 4, (2, 4, 5))
    labels[1][labels[1] == 3] = 0  # instance 3 absent from image 1
    args = (0.3, 0.8, norm, 1.5, 0.7, 0.01)
    expected = _reference(emb, labels, *args[:2], *args[2:])
    actual = loss_fn(emb, labels, 0.3, 0.8, 3, norm=norm, alpha=1.5, beta=0.7, gamma=0.01)
    numpy.testing.assert_allclose([float(a.array) for a in actual], expected, rtol=1e-10)


@pytest.mark.parametrize('norm', [1, 2])
def test_backward(norm):
    emb = numpy.random.uniform(-1, 1, (2, 2, 3, 3))
    labels = numpy.array([[[0, 1, 1], [2, 2, 0], [1, 2, 0]],
                          [[1, 1, 1], [0, 2, 2], [0, 0, 2]]])

    def loss(e):
        l_var, l_dist, l_reg = loss_fn(e, labels, 0.1, 1.0, 2, norm=norm)
        return F.reshape(l_var + l_dist + l_reg * 100, (1,))

    check_function(loss, emb, None, dtypes=(numpy.float64,))


def test_masked_pixels_keep_l2_gradient_finite():
    emb = kusari.Variable(numpy.random.randn(1, 2, 2, 2))
    labels = numpy.array([[[0, 1], [2, 0]]])
    sum(loss_fn(emb, labels, 0.0, 1.0, 2, norm=2)).backward()
    assert numpy.isfinite(emb.grad).all()


def test_bad_inputs():
    emb = numpy.zeros((1, 2, 3, 3), numpy.float32)
    labels = numpy.zeros((1, 3, 3), numpy.int32)
    name = 'discriminative_margin_based_clustering_loss'
    with pytest.raises(InvalidType, match=name + '.*max_embedding_dim'):
        loss_fn(emb, labels, 0.5, 1.5, 0)
    with pytest.raises(InvalidType, match=name + '.*norm'):
        loss_fn(emb, labels, 0.5, 1.5, 2, norm=3)
    with pytest.raises(InvalidType, match=name + '.*embeddings'):
        loss_fn(emb, labels, 0.5, 1.5, 3)
    with pytest.raises(InvalidType, match=name + '.*labels'):
        loss_fn(emb, labels[0], 0.5, 1.5, 2)
