"""BlackOut, NegativeSampling and their Walker alias sampler."""

import numpy
import pytest

import kusari.functions as F
import kusari.links as L
from kusari.links.loss.walker_alias import WalkerAlias

RNG = numpy.random.RandomState(41)


def test_walker_alias_is_a_device_resident():
    # as in Chainer: to_device moves its tables; to_cpu/to_gpu are deprecated
    from kusari import backend
    sampler = WalkerAlias([1.0, 2.0])
    assert sampler.to_device('@numpy') is sampler and not sampler.use_gpu
    assert isinstance(sampler.threshold, numpy.ndarray)
    with pytest.warns(DeprecationWarning, match='to_cpu is deprecated'):
        sampler.to_cpu()
    assert sampler.device == backend.CpuDevice()


def test_walker_alias_draws_in_proportion():
    numpy.random.seed(1)
    probs = numpy.array([5.0, 0.0, 1.0, 4.0])
    draws = WalkerAlias(probs).sample((100000,))
    assert draws.dtype == numpy.int32 and draws.shape == (100000,)
    numpy.testing.assert_allclose(numpy.bincount(draws, minlength=4) / draws.size,
                                  probs / probs.sum(), atol=0.006)
    with pytest.raises(ValueError, match='non-negative'):
        WalkerAlias([1.0, -1.0])


def test_black_out_matches_the_function_on_the_same_samples():
    link = L.BlackOut(3, [1, 2, 3, 4, 5], 2)
    assert link.W.shape == (5, 3) and numpy.isfinite(link.W.array).all()
    x = RNG.randn(4, 3).astype(numpy.float32)
    t = numpy.array([0, 1, 2, 3], numpy.int32)
    numpy.random.seed(3)
    loss = link(x, t)
    numpy.random.seed(3)
    samples = link.sampler.sample((4, 2))
    want = F.black_out(x, t, link.W, samples)
    numpy.testing.assert_allclose(loss.array, want.array, rtol=1e-6)


def test_negative_sampling_matches_the_function_and_returns_samples():
    link = L.NegativeSampling(3, [4, 1, 9, 1], 2, power=0.5)
    assert link.W.shape == (4, 3) and not link.W.array.any()
    link.W.array[...] = RNG.randn(4, 3)
    x = RNG.randn(3, 3).astype(numpy.float32)
    t = numpy.array([0, 2, 1], numpy.int32)
    numpy.random.seed(5)
    loss, samples = link(x, t, return_samples=True)
    assert samples.shape == (3, 3)
    numpy.testing.assert_array_equal(samples[:, 0], t)
    want = F.negative_sampling(x, t, link.W, lambda shape: samples.copy(), 2)
    numpy.testing.assert_allclose(loss.array, want.array, rtol=1e-6)
    with pytest.raises(TypeError, match='unexpected'):
        link(x, t, samples=True)


def test_negative_sampling_distribution_uses_the_power():
    link = L.NegativeSampling(2, [16, 1], 1, power=0.5)
    numpy.random.seed(2)
    draws = link.sampler.sample((20000,))
    assert abs((draws == 0).mean() - 0.8) < 0.01


@pytest.mark.parametrize('make', [lambda: L.BlackOut(3, [1, 2, 3], 2),
                                  lambda: L.NegativeSampling(3, [1, 2, 3], 2)])
def test_the_sampler_moves_with_the_link_and_its_parents(make):
    from kusari import backend
    from kusari.link import Chain
    link = make()
    assert link.sampler.device == backend.CpuDevice()
    visits = []
    original = link.sampler.device_resident_accept
    link.sampler.device_resident_accept = lambda visitor: visits.append(original(visitor))
    link.to_device('@numpy')
    parent = Chain()
    with parent.init_scope():
        parent.loss = link
    parent.to_device('@numpy')
    assert len(visits) == 2 and link.sampler.device == backend.CpuDevice()


def test_negative_sampling_calls_the_function_through_its_module(monkeypatch):
    # as Chainer's link does, so that replacing it there reaches the link
    from kusari.functions.loss import negative_sampling
    calls = []
    original = negative_sampling.negative_sampling
    monkeypatch.setattr(negative_sampling, 'negative_sampling',
                        lambda *args, **kwargs: calls.append(args) or original(*args, **kwargs))
    link = L.NegativeSampling(3, [1, 2, 3], 2)
    link(numpy.ones((2, 3), numpy.float32), numpy.array([0, 1], numpy.int32))
    assert len(calls) == 1 and calls[0][3] == link.sampler.sample  # Chainer's argument


def test_black_out_uses_given_sample_data():
    link = L.BlackOut(3, [1, 2, 3, 4, 5], 2)
    x = RNG.randn(4, 3).astype(numpy.float32)
    t = numpy.array([0, 1, 2, 3], numpy.int32)
    link.sample_data = numpy.array([[1, 2], [0, 4], [3, 3], [4, 0]], numpy.int32)
    want = F.black_out(x, t, link.W, link.sample_data)
    numpy.testing.assert_array_equal(link(x, t).array, want.array)
