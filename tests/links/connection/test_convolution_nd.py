import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(1)


@pytest.mark.parametrize('ndim, cls', [(1, L.Convolution1D), (3, L.Convolution3D)])
def test_1d_and_3d_forward(ndim, cls, conv_ref):
    link = cls(2, 3, 2, stride=1, pad=1, initial_bias=RNG.randn(3))
    x = RNG.randn(2, 2, *(4,) * ndim).astype(numpy.float32)
    assert link.W.shape == (3, 2) + (2,) * ndim
    numpy.testing.assert_allclose(link(x).array, conv_ref(x, link.W.array, link.b.array,
                                                          1, 1), rtol=1e-4, atol=1e-4)


def test_convolution_nd_lazy_groups_dilate(conv_ref):
    link = L.ConvolutionND(2, None, 4, (2, 3), dilate=(1, 2), groups=2)
    x = RNG.randn(1, 6, 5, 7).astype(numpy.float32)
    y = link(x)
    assert link.W.shape == (4, 3, 2, 3)
    numpy.testing.assert_allclose(y.array, conv_ref(x, link.W.array, link.b.array, 1, 0,
                                                    (1, 2), 2), rtol=1e-4, atol=1e-4)


def test_short_form():
    link = L.ConvolutionND(1, 5, 3)
    assert link.out_channels == 5 and link.ksize == (3,)
    assert link(numpy.zeros((1, 2, 4), numpy.float32)).shape == (1, 5, 2)


def test_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.Convolution1D(2, 2, 3, stride=2, pad=1)
    check_link_backward(link, RNG.randn(2, 2, 5))
