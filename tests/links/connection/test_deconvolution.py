"""Deconvolution links, checked as the adjoints of the matching convolutions:
<deconv(x), y> == <x, conv(y)> with the same filters."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L

RNG = numpy.random.RandomState(2)


@pytest.mark.parametrize('stride, pad', [(1, 0), (2, 1)])
def test_deconvolution_2d_is_adjoint_of_convolution(stride, pad):
    link = L.Deconvolution2D(3, 2, 3, stride=stride, pad=pad, nobias=True)
    assert link.W.shape == (3, 2, 3, 3)
    x = RNG.randn(2, 3, 4, 4).astype(numpy.float32)
    y = link(x).array
    probe = RNG.randn(*y.shape).astype(numpy.float32)
    conv = F.convolution_2d(probe, link.W.array, stride=stride, pad=pad).array
    assert conv.shape == x.shape
    assert numpy.vdot(y, probe) == pytest.approx(numpy.vdot(x, conv), rel=1e-4)


def test_deconvolution_2d_bias_outsize_groups():
    link = L.Deconvolution2D(4, 6, 2, stride=2, outsize=(9, 9), groups=2, initial_bias=1.0)
    assert link.W.shape == (4, 3, 2, 2)
    y = link(numpy.zeros((1, 4, 4, 4), numpy.float32))
    assert y.shape == (1, 6, 9, 9) and (y.array == 1).all()


@pytest.mark.parametrize('cls, ndim', [(L.Deconvolution1D, 1), (L.Deconvolution3D, 3)])
def test_deconvolution_nd_is_adjoint_of_convolution(cls, ndim):
    link = cls(2, 3, 2, stride=2, nobias=True)
    assert link.W.shape == (2, 3) + (2,) * ndim
    x = RNG.randn(1, 2, *(3,) * ndim).astype(numpy.float32)
    y = link(x).array
    probe = RNG.randn(*y.shape).astype(numpy.float32)
    conv = F.convolution_nd(probe, link.W.array, stride=2).array
    assert numpy.vdot(y, probe) == pytest.approx(numpy.vdot(x, conv), rel=1e-4)


def test_lazy_and_short_form():
    link = L.DeconvolutionND(2, 4, 3)
    assert link.W.array is None
    link(numpy.zeros((1, 5, 2, 2), numpy.float32))
    assert link.W.shape == (5, 4, 3, 3)
    short = L.Deconvolution2D(4, 3)
    short(numpy.zeros((1, 5, 2, 2), numpy.float32))
    assert short.W.shape == (5, 4, 3, 3)


def test_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.Deconvolution2D(2, 2, 2, stride=2, initial_bias=0.1)
    check_link_backward(link, RNG.randn(1, 2, 2, 2))
