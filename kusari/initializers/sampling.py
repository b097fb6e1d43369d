"""Bilinear up- and down-sampling filters (Long et al., 2015, FCN)."""

import numpy

from kusari import backend
from kusari.initializers.base import Initializer


def _linear_filter(size, ndim, upsampling):
    """The separable tent filter of ``size`` taps per axis over ``ndim`` axes;
    normalized to sum 1 for downsampling."""
    factor = (size + 1) // 2
    center = factor - 1.0 if size % 2 == 1 else factor - 0.5
    taps = 1.0 - numpy.abs(numpy.arange(size) - center) / factor
    filt = numpy.ones(())
    for _ in range(ndim):
        filt = numpy.multiply.outer(filt, taps)
    if not upsampling:
        filt /= filt.sum()
    return filt


class _SamplingFilter(Initializer):
    """Puts the filter on the channel diagonal (or on every input channel when the
    second axis has size 1)."""

    _upsampling = True

    def __init__(self, interpolation='linear', dtype=None):
        if interpolation != 'linear':
            raise ValueError('{}: unsupported interpolation {!r} (only \'linear\')'.format(
                type(self).__name__, interpolation))
        self.interpolation = interpolation
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        name = type(self).__name__
        if array.ndim < 3:
            raise ValueError('{}: the array needs channel axes and kernel axes, got shape {}'
                             .format(name, array.shape))
        in_c, out_c = array.shape[:2]
        if not (in_c == out_c or out_c == 1):
            raise ValueError('{}: the two channel axes must be equal (or the second 1), got '
                             '{}'.format(name, array.shape[:2]))
        ksizes = set(array.shape[2:])
        if len(ksizes) != 1:
            raise ValueError('{}: the kernel must be the same size on every axis, got {}'
                             .format(name, array.shape[2:]))
        filt = _linear_filter(ksizes.pop(), array.ndim - 2, self._upsampling)
        host = numpy.zeros(array.shape, dtype=array.dtype)
        channels = numpy.arange(in_c)
        host[channels, 0 if out_c == 1 else channels] = filt
        backend.copyto(array, host)


class UpsamplingDeconvFilter(_SamplingFilter):
    """The bilinear upsampling kernel, for a Deconvolution with
    ``stride == (ksize + 1) // 2``."""

    _upsampling = True


class DownsamplingConvFilter(_SamplingFilter):
    """The bilinear downsampling kernel (normalized to sum 1), for a Convolution with
    ``stride == (ksize + 1) // 2``."""

    _upsampling = False
