import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(0)


@pytest.mark.parametrize('kwargs', [
    dict(ksize=3, stride=1, pad=1), dict(ksize=(3, 2), stride=(2, 1), pad=(0, 1)),
    dict(ksize=3, stride=1, pad=2, dilate=2), dict(ksize=3, stride=1, pad=0, groups=2)])
def test_forward_matches_direct_convolution(kwargs, conv_ref):
    kwargs = dict(kwargs)
    ksize, stride, pad = kwargs.pop('ksize'), kwargs.pop('stride'), kwargs.pop('pad')
    link = L.Convolution2D(4, 6, ksize, stride, pad, initial_bias=RNG.randn(6), **kwargs)
    x = RNG.randn(2, 4, 7, 6).astype(numpy.float32)
    groups = kwargs.get('groups', 1)
    assert link.W.shape == (6, 4 // groups) + ((ksize,) * 2 if numpy.isscalar(ksize)
                                               else ksize)
    want = conv_ref(x, link.W.array, link.b.array, stride, pad, kwargs.get('dilate', 1),
                    groups)
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-4, atol=1e-4)


def test_short_form_and_lazy_channels():
    link = L.Convolution2D(5, 3)
    assert link.W.array is None and link.b.shape == (5,)
    y = link(numpy.zeros((1, 2, 4, 4), numpy.float32))
    assert link.W.shape == (5, 2, 3, 3) and y.shape == (1, 5, 2, 2)


def test_groups_must_divide_channels():
    with pytest.raises(ValueError, match='divisible by groups'):
        L.Convolution2D(4, 6, 3, groups=4)


def test_deterministic_keyword_is_rejected():
    with pytest.raises(ValueError, match='deterministic'):
        L.Convolution2D(1, 1, 1, deterministic=True)
    with pytest.raises(TypeError, match='cover'):
        L.Convolution2D(1, 1, 1, cover=True)


def test_from_params_with_groups():
    W = RNG.randn(4, 1, 3, 3).astype(numpy.float32)
    link = L.Convolution2D.from_params(W, numpy.ones(4, numpy.float32), groups=2)
    assert link.groups == 2 and link.W.shape == (4, 1, 3, 3)
    numpy.testing.assert_array_equal(link.W.array, W)


def test_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.Convolution2D(2, 3, 2, stride=2, pad=1, initial_bias=0.5)
    check_link_backward(link, RNG.randn(2, 2, 3, 3))
