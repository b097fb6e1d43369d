import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function

rng = numpy.random.default_rng(28)


@pytest.mark.parametrize('outsize, scale, sampling_ratio', [
    (2, 1.0, None), ((3, 4), 0.6, 2), ((2, 3), 0.8, (1, 3))])
def test_roi_average_align_2d(outsize, scale, sampling_ratio, rois, reference_roi_align):
    boxes, batch = rois
    size = (outsize, outsize) if isinstance(outsize, int) else outsize
    check_function(
        lambda x: F.roi_average_align_2d(x, boxes.astype(x.dtype), batch, outsize, scale,
                                         sampling_ratio),
        rng.uniform(-1, 1, (2, 3, 9, 8)),
        lambda x: reference_roi_align(x, boxes.astype(x.dtype), batch, size, scale,
                                      sampling_ratio, 'average'))


def test_invalid_sampling_ratio():
    with pytest.raises(TypeError, match='roi_average_align_2d: sampling_ratio'):
        F.roi_average_align_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((1, 4), 'f'),
                               numpy.zeros(1, numpy.int32), 2, 1.0, sampling_ratio=0)


def test_numpy_scalar_arguments_count_as_python_ones():
    x = rng.uniform(-1, 1, (1, 2, 6, 6)).astype('f')
    rois = numpy.array([[0.5, 1, 4, 5]], 'f')
    index = numpy.zeros(1, numpy.int32)
    expected = F.roi_average_align_2d(x, rois, index, (2, 3), 0.5, 2).array
    y = F.roi_average_align_2d(x, rois, index, (numpy.int32(2), numpy.int64(3)),
                               numpy.float32(0.5), numpy.int32(2))
    numpy.testing.assert_array_equal(y.array, expected)
    y = F.roi_average_align_2d(x, rois, index, numpy.int32(2), numpy.int32(1))
    assert y.shape == (1, 2, 2, 2)
