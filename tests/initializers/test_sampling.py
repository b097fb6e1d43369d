import numpy
import pytest

from kusari import initializers


def test_upsampling_filter_is_bilinear_on_channel_diagonal():
    a = numpy.empty((2, 2, 4, 4), numpy.float32)
    initializers.UpsamplingDeconvFilter()(a)
    taps = numpy.array([0.25, 0.75, 0.75, 0.25])
    numpy.testing.assert_allclose(a[0, 0], numpy.outer(taps, taps))
    numpy.testing.assert_allclose(a[1, 1], numpy.outer(taps, taps))
    assert (a[0, 1] == 0).all() and (a[1, 0] == 0).all()


def test_upsampling_odd_kernel_peaks_at_center():
    a = numpy.empty((1, 1, 3, 3))
    initializers.UpsamplingDeconvFilter()(a)
    taps = numpy.array([0.5, 1.0, 0.5])
    numpy.testing.assert_allclose(a[0, 0], numpy.outer(taps, taps))


def test_upsampling_filter_doubles_a_constant_image():
    # With stride 2 a ksize-4 bilinear kernel's taps at each output phase sum to 1.
    a = numpy.empty((1, 1, 4, 4))
    initializers.UpsamplingDeconvFilter()(a)
    k = a[0, 0]
    assert k[0::2, 0::2].sum() == pytest.approx(1.0)
    assert k[1::2, 0::2].sum() == pytest.approx(1.0)


def test_downsampling_filter_sums_to_one_3d():
    a = numpy.empty((3, 1, 3, 3, 3))
    initializers.DownsamplingConvFilter()(a)
    for c in range(3):
        assert a[c, 0].sum() == pytest.approx(1.0)
    assert a[0, 0, 1, 1, 1] == a[0, 0].max()


def test_sampling_filter_errors():
    with pytest.raises(ValueError, match='interpolation'):
        initializers.UpsamplingDeconvFilter(interpolation='cubic')
    with pytest.raises(ValueError, match='channel'):
        initializers.UpsamplingDeconvFilter()(numpy.empty((2, 3, 4, 4)))
    with pytest.raises(ValueError, match='same size'):
        initializers.DownsamplingConvFilter()(numpy.empty((2, 2, 3, 4)))
