import copy

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L

RNG = numpy.random.RandomState(20)


def _normalize(x, mean, var, gamma, beta, eps, axes):
    shape = [1 if i in axes else d for i, d in enumerate(x.shape)]
    return (gamma.reshape(shape) * (x - mean.reshape(shape))
            / numpy.sqrt(var.reshape(shape) + eps) + beta.reshape(shape))


def _link(size=3, **kwargs):
    link = L.BatchNormalization(size, **kwargs)
    link.gamma.array[...] = RNG.uniform(0.5, 1.5, link.gamma.shape)
    link.beta.array[...] = RNG.randn(*link.beta.shape)
    return link


def test_parameters_and_persistents():
    link = L.BatchNormalization(3)
    assert sorted(n for n, _ in link.namedparams()) == ['/beta', '/gamma']
    assert set(link._persistent) == {'N', 'avg_mean', 'avg_var'}
    assert (link.avg_mean == 0).all() and (link.avg_var == 1).all() and link.N == 0
    assert link.avg_mean.dtype == numpy.float32
    with pytest.raises(RuntimeError, match='size or axis'):
        L.BatchNormalization()


def test_training_uses_batch_statistics_and_updates_moving_averages():
    link = _link(decay=0.8, eps=1e-3)
    x = RNG.randn(4, 3, 2, 5).astype(numpy.float32) * 2 + 1
    y = link(x).array
    mean, var = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))
    want = _normalize(x, mean, var, link.gamma.array, link.beta.array, 1e-3, (0, 2, 3))
    numpy.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
    m = x.size // 3
    numpy.testing.assert_allclose(link.avg_mean, 0.2 * mean, rtol=1e-5)
    numpy.testing.assert_allclose(link.avg_var, 0.8 + 0.2 * var * m / (m - 1), rtol=1e-5)


def test_test_mode_uses_the_stored_statistics():
    link = _link()
    link.avg_mean[...] = [0.5, -1, 2]
    link.avg_var[...] = [1, 4, 0.25]
    x = RNG.randn(2, 3).astype(numpy.float32)
    with kusari.using_config('train', False):
        y = link(x).array
    want = _normalize(x, link.avg_mean, link.avg_var, link.gamma.array, link.beta.array,
                      2e-5, (0,))
    numpy.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    numpy.testing.assert_array_equal(link.avg_mean, [0.5, -1, 2])


def test_finetune_accumulates_population_statistics():
    link = L.BatchNormalization(2)
    batches = [RNG.randn(5, 2).astype(numpy.float32) + k for k in range(3)]
    for batch in batches:
        link(batch, finetune=True)
    assert link.N == 3
    numpy.testing.assert_allclose(link.avg_mean, numpy.mean([b.mean(0) for b in batches], 0),
                                  rtol=1e-5)
    numpy.testing.assert_allclose(link.avg_var,
                                  numpy.mean([b.var(0) * 5 / 4 for b in batches], 0),
                                  rtol=1e-5)
    link.start_finetuning()
    assert link.N == 0


def test_axis_and_lazy_shapes():
    link = L.BatchNormalization(axis=(0, 2))
    assert link.avg_mean is None
    x = RNG.randn(4, 3, 5, 2).astype(numpy.float32)
    y = link(x).array
    assert link.avg_mean.shape == (3, 2) and link.gamma.shape == (3, 2)
    mean, var = x.mean(axis=(0, 2)), x.var(axis=(0, 2))
    want = (x - mean[None, :, None]) / numpy.sqrt(var[None, :, None] + 2e-5)
    numpy.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
    assert L.BatchNormalization(axis=0)(x).shape == x.shape


def test_size_tuple_normalizes_per_element():
    link = L.BatchNormalization((3, 2))
    x = RNG.randn(6, 3, 2).astype(numpy.float32)
    want = (x - x.mean(0)) / numpy.sqrt(x.var(0) + 2e-5)
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-4, atol=1e-4)


def test_without_gamma_and_beta():
    link = L.BatchNormalization(3, use_gamma=False, use_beta=False)
    assert list(link.params()) == []
    x = RNG.randn(4, 3).astype(numpy.float32)
    numpy.testing.assert_allclose(link(x).array, (x - x.mean(0)) / numpy.sqrt(x.var(0) + 2e-5),
                                  rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
def test_dtype(dtype):
    link = L.BatchNormalization(3, dtype=dtype)
    assert link.gamma.dtype == dtype and link.avg_var.dtype == dtype
    y = link(RNG.randn(4, 3).astype(dtype))
    assert y.dtype == dtype


def test_mixed16_keeps_parameters_and_statistics_in_float32():
    with kusari.using_config('dtype', kusari.mixed16):
        link = L.BatchNormalization(3)
    assert link.gamma.dtype == link.beta.dtype == numpy.float32
    assert link.avg_mean.dtype == link.avg_var.dtype == numpy.float32
    x = RNG.randn(4, 3).astype(numpy.float16)
    y = link(x)
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(y.array, (x - x.mean(0)) / numpy.sqrt(x.var(0) + 2e-5),
                                  atol=1e-2, rtol=1e-2)


def test_lazy_statistics_are_persistent_before_initialization():
    # A link made with axis only gets its statistics from a deserializer, as in Chainer.
    trained = L.BatchNormalization(axis=0)
    trained(RNG.randn(4, 3).astype(numpy.float32))
    target = {}
    trained.serialize(kusari.serializers.DictionarySerializer(target))
    fresh = L.BatchNormalization(axis=0)
    assert fresh.avg_mean is None
    fresh.serialize(kusari.serializers.NpzDeserializer(target))
    numpy.testing.assert_array_equal(fresh.avg_mean, trained.avg_mean)
    numpy.testing.assert_array_equal(fresh.avg_var, trained.avg_var)


def test_size_of_a_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match='size must be an int or a tuple'):
        L.BatchNormalization({})


def test_initial_statistics():
    link = L.BatchNormalization(2, initial_avg_mean=3.0, initial_avg_var=numpy.array([1, 2]),
                                initial_gamma=2.0, initial_beta=-1.0)
    numpy.testing.assert_array_equal(link.avg_mean, [3, 3])
    numpy.testing.assert_array_equal(link.avg_var, [1, 2])
    assert (link.gamma.array == 2).all() and (link.beta.array == -1).all()


def test_test_keyword_is_rejected():
    with pytest.raises(ValueError, match='using_config'):
        L.BatchNormalization(2)(numpy.zeros((2, 2), 'f'), test=True)


@pytest.mark.parametrize('make', [
    lambda: L.BatchNormalization(3),
    lambda: L.BatchRenormalization(3, rmax=1.5, dmax=0.5),
    lambda: L.DecorrelatedBatchNormalization(3, groups=1)])
@pytest.mark.parametrize('finetune', [False, True])
def test_forget_rerun_updates_running_statistics_once(make, finetune):
    rng = numpy.random.RandomState(5)
    plain = make()
    plain.avg_mean[...] = rng.randn(*plain.avg_mean.shape)  # moving statistics r, d see
    forgetting = copy.deepcopy(plain)
    x = rng.randn(6, 3).astype(numpy.float32)
    weight = rng.randn(6, 3).astype(numpy.float32)
    results = []
    for link, run in ((plain, lambda f, v: f(v)), (forgetting, F.forget)):
        v = kusari.Variable(x.copy())
        y = run(lambda h, link=link: link(h, finetune=finetune), v)
        F.sum(y * weight).backward()
        statistics = [s.copy() for name, s in sorted(vars(link).items())
                      if name in ('avg_mean', 'avg_var', 'avg_projection')]
        results.append((y.array, v.grad, link.N, statistics))
    (y0, gx0, n0, stats0), (y1, gx1, n1, stats1) = results
    assert n0 == n1 == (1 if finetune else 0) and len(stats0) == 2
    numpy.testing.assert_allclose(y1, y0, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(gx1, gx0, rtol=1e-4, atol=1e-5)
    for s0, s1 in zip(stats0, stats1):
        numpy.testing.assert_allclose(s1, s0, rtol=1e-6, atol=1e-7)
