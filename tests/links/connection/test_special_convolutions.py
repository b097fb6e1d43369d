"""Dilated, depthwise, deformable, locally connected and MLP convolutions."""

import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(3)


def test_dilated_convolution(conv_ref):
    link = L.DilatedConvolution2D(2, 3, 3, pad=2, dilate=2, initial_bias=RNG.randn(3))
    x = RNG.randn(2, 2, 7, 7).astype(numpy.float32)
    assert link.W.shape == (3, 2, 3, 3)
    numpy.testing.assert_allclose(link(x).array, conv_ref(x, link.W.array, link.b.array,
                                                          1, 2, 2), rtol=1e-4, atol=1e-4)
    lazy = L.DilatedConvolution2D(3, 2, dilate=3)
    assert lazy(x).shape == (2, 3, 4, 4) and lazy.W.shape == (3, 2, 2, 2)


def test_depthwise_equals_grouped_convolution(conv_ref):
    link = L.DepthwiseConvolution2D(3, 2, 3, pad=1, initial_bias=RNG.randn(6))
    assert link.W.shape == (2, 3, 3, 3) and link.b.shape == (6,)
    x = RNG.randn(2, 3, 5, 5).astype(numpy.float32)
    # output channel c * multiplier + m applies W[m, c] to input channel c
    grouped = link.W.array.transpose(1, 0, 2, 3).reshape(6, 1, 3, 3)
    numpy.testing.assert_allclose(link(x).array, conv_ref(x, grouped, link.b.array, 1, 1,
                                                          1, 3), rtol=1e-4, atol=1e-4)


def test_depthwise_lazy_channels():
    link = L.DepthwiseConvolution2D(None, 2, 2)
    link(numpy.zeros((1, 4, 3, 3), numpy.float32))
    assert link.W.shape == (2, 4, 2, 2) and link.b.shape == (8,)


def test_deformable_with_zero_offsets_is_a_convolution(conv_ref):
    zero = kusari.initializers.Zero()
    link = L.DeformableConvolution2D(2, 3, 3, pad=1, offset_initialW=zero,
                                     offset_initial_bias=zero,
                                     deform_initialW=kusari.initializers.Normal(),
                                     deform_initial_bias=RNG.randn(3))
    assert link.offset_conv.W.shape == (18, 2, 3, 3)
    assert link.deform_conv.W.shape == (3, 2, 3, 3)
    x = RNG.randn(2, 2, 5, 5).astype(numpy.float32)
    want = conv_ref(x, link.deform_conv.W.array, link.deform_conv.b.array, 1, 1)
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-4, atol=1e-4)


def test_deformable_filters_start_at_zero():
    link = L.DeformableConvolution2D(2, 3, 3)  # as Chainer's
    assert (link.deform_conv.W.array == 0).all() and (link.deform_conv.b.array == 0).all()
    assert (link.offset_conv.W.array != 0).any()


def test_local_convolution_uses_one_filter_per_position():
    link = L.LocalConvolution2D(2, 3, (4, 5), 2, stride=(2, 1), initial_bias=RNG.randn(3, 2, 4))
    assert link.W.shape == (3, 2, 4, 2, 2, 2) and link.b.shape == (3, 2, 4)
    x = RNG.randn(2, 2, 4, 5).astype(numpy.float32)
    want = numpy.empty((2, 3, 2, 4))
    for i in range(2):
        for j in range(4):
            patch = x[:, :, 2 * i:2 * i + 2, j:j + 2]
            want[:, :, i, j] = numpy.einsum('ncab,ocab->no', patch, link.W.array[:, i, j])
    want += link.b.array
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-4, atol=1e-4)


def test_local_convolution_lazy():
    link = L.LocalConvolution2D(None, 2, ksize=3)
    link(numpy.zeros((1, 3, 5, 6), numpy.float32))
    assert link.W.shape == (2, 3, 4, 3, 3, 3) and link.b.shape == (2, 3, 4)


def test_mlp_convolution_structure_and_forward():
    link = L.MLPConvolution2D(3, (4, 5, 2), 3, pad=1)
    assert [c.W.shape for c in link] == [(4, 3, 3, 3), (5, 4, 1, 1), (2, 5, 1, 1)]
    assert sorted(n for n, _ in link.namedparams())[:2] == ['/0/W', '/0/b']
    x = RNG.randn(1, 3, 4, 4).astype(numpy.float32)
    h = numpy.maximum(link[0](x).array, 0)
    h = numpy.maximum(link[1](h).array, 0)
    numpy.testing.assert_allclose(link(x).array, link[2](h).array, rtol=1e-6)


def test_mlp_convolution_initializers_are_keyword_only():
    link = L.MLPConvolution2D(2, (3,), 1, conv_init=1.0, bias_init=2.0)
    assert (link[0].W.array == 1).all() and (link[0].b.array == 2).all()
    # Chainer v1's wscale: a TypeError positionally, a ValueError by keyword, as Chainer
    with pytest.raises(TypeError, match='wscale is not supported'):
        L.MLPConvolution2D(2, (3,), 1, 1, 0, None, 1.0)
    with pytest.raises(ValueError, match='wscale is not supported'):
        L.MLPConvolution2D(2, (3,), wscale=1)
    with pytest.raises(TypeError, match='unexpected keyword'):
        L.MLPConvolution2D(2, (3,), 1, init=1)


def test_depthwise_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.DepthwiseConvolution2D(2, 2, 2, initial_bias=0.1)
    check_link_backward(link, RNG.randn(1, 2, 3, 3))
