"""BatchRenormalization, DecorrelatedBatchNormalization, GroupNormalization and
LayerNormalization."""

import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(21)


def test_batch_renormalization_without_corrections_is_batch_normalization():
    link = L.BatchRenormalization(3, rmax=1, dmax=0, decay=0.5)
    x = RNG.randn(5, 3).astype(numpy.float32) * 3 + 2
    y = link(x).array
    numpy.testing.assert_allclose(y, (x - x.mean(0)) / numpy.sqrt(x.var(0) + 2e-5),
                                  rtol=1e-4, atol=1e-4)
    numpy.testing.assert_allclose(link.avg_mean, 0.5 * x.mean(0), rtol=1e-5)


def test_batch_renormalization_corrects_towards_moving_statistics():
    link = L.BatchRenormalization(2, rmax=3, dmax=5, eps=1e-6)
    link.avg_mean[...] = [1.0, -1.0]
    link.avg_var[...] = [4.0, 0.25]
    mean, var = link.avg_mean.copy(), link.avg_var.copy()
    x = RNG.randn(6, 2).astype(numpy.float32)
    y = link(x).array
    mu, sigma = x.mean(0), numpy.sqrt(x.var(0) + 1e-6)
    r = numpy.clip(sigma / numpy.sqrt(var + 1e-6), 1 / 3, 3)
    d = numpy.clip((mu - mean) / numpy.sqrt(var + 1e-6), -5, 5)
    numpy.testing.assert_allclose(y, (x - mu) / sigma * r + d, rtol=1e-4, atol=1e-4)


def test_batch_renormalization_test_mode():
    link = L.BatchRenormalization(2)
    link.avg_mean[...] = [1.0, 2.0]
    x = RNG.randn(3, 2).astype(numpy.float32)
    with kusari.using_config('train', False):
        y = link(x).array
    numpy.testing.assert_allclose(y, (x - [1, 2]) / numpy.sqrt(1 + 2e-5), rtol=1e-5)


def test_decorrelated_batch_normalization_whitens_groups():
    link = L.DecorrelatedBatchNormalization(4, groups=2)
    assert link.avg_mean.shape == (2, 2) and link.avg_projection.shape == (2, 2, 2)
    numpy.testing.assert_array_equal(link.avg_projection[1], numpy.eye(2))
    mixing = numpy.array([[2.0, 1.0], [0.5, 1.0]])
    x = numpy.concatenate([RNG.randn(400, 2) @ mixing, RNG.randn(400, 2) @ mixing.T], 1)
    y = link(x.astype(numpy.float32)).array
    for g in range(2):
        part = y[:, 2 * g:2 * g + 2]
        numpy.testing.assert_allclose(numpy.cov(part.T, bias=True), numpy.eye(2), atol=1e-2)
    assert abs(link.avg_mean).sum() > 0


def test_decorrelated_group_size_keyword():
    link = L.DecorrelatedBatchNormalization(6, groups=None, group_size=3)
    assert link.groups == 2
    with pytest.raises(ValueError, match='groups'):
        L.DecorrelatedBatchNormalization(5, groups=2)


@pytest.mark.parametrize('groups', [1, 2])
def test_decorrelated_loads_chainers_old_statistics(groups, tmp_path):
    # Models saved before Chainer v7 hold one (C,) mean and (C, C) projection for every
    # group; they are spread over the groups, with a warning when there are several.
    size = 4 // groups
    old = {'avg_mean': RNG.randn(size).astype(numpy.float32),
           'avg_projection': RNG.randn(size, size).astype(numpy.float32), 'N': numpy.array(0)}
    path = str(tmp_path / 'old.npz')
    kusari.serializers.save_npz(path, old)
    link = L.DecorrelatedBatchNormalization(4, groups=groups)
    if groups == 1:
        kusari.serializers.load_npz(path, link)
    else:
        with pytest.warns(UserWarning, match='old DecorrelatedBatchNormalization'):
            kusari.serializers.load_npz(path, link)
    for g in range(groups):
        numpy.testing.assert_array_equal(link.avg_mean[g], old['avg_mean'])
        numpy.testing.assert_array_equal(link.avg_projection[g], old['avg_projection'])


def test_group_normalization_mixed16_parameters_in_float32():
    with kusari.using_config('dtype', kusari.mixed16):
        link = L.GroupNormalization(2, 4)
    assert link.gamma.dtype == link.beta.dtype == numpy.float32
    y = link(RNG.randn(3, 4, 5).astype(numpy.float16))
    assert y.dtype == numpy.float16


def test_group_normalization(param_shapes):
    link = L.GroupNormalization(2)
    x = RNG.randn(3, 4, 5).astype(numpy.float32)
    y = link(x).array
    assert param_shapes(link) == {'/gamma': (4,), '/beta': (4,)}
    g = x.reshape(3, 2, -1)
    want = ((g - g.mean(2, keepdims=True)) / numpy.sqrt(g.var(2, keepdims=True) + 1e-5))
    numpy.testing.assert_allclose(y, want.reshape(x.shape), rtol=1e-4, atol=1e-4)


def test_layer_normalization(param_shapes):
    link = L.LayerNormalization(initial_gamma=2.0, initial_beta=1.0)
    x = RNG.randn(3, 6).astype(numpy.float32)
    y = link(x).array
    assert param_shapes(link) == {'/gamma': (6,), '/beta': (6,)}
    want = 2 * (x - x.mean(1, keepdims=True)) / numpy.sqrt(x.var(1, keepdims=True) + 1e-6) + 1
    numpy.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
