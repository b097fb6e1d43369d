import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(26)


@pytest.mark.parametrize('outsize, scale', [(2, 1.0), ((3, 4), 0.6)])
def test_roi_max_pooling_2d(outsize, scale, rois, reference_roi_rect, spaced):
    boxes, batch = rois
    size = (outsize, outsize) if isinstance(outsize, int) else outsize

    def function(x):
        y = F.roi_max_pooling_2d(x, boxes.astype(x.dtype), batch, outsize, scale)
        return F.where(numpy.isinf(y.array), numpy.zeros_like(y.array), y)

    def reference(x):
        y = reference_roi_rect(x, boxes.astype(x.dtype), batch, size, scale, numpy.max, 0,
                               -numpy.inf)
        return numpy.where(numpy.isinf(y), 0, y).astype(x.dtype)

    check_function(function, spaced(rng, (2, 3, 9, 8)), reference)


def test_empty_bins_are_minus_infinity(rois):
    boxes, batch = rois
    y = F.roi_max_pooling_2d(numpy.ones((2, 1, 9, 8), 'f'), boxes.astype('f'), batch, 2, 1.0)
    assert numpy.isinf(y.array[3]).any()  # the box reaching out of the image


@pytest.mark.parametrize('roi_indices, outsize, scale, error', [
    (numpy.zeros(2, numpy.int64), 2, 1.0, InvalidType),
    (numpy.zeros(3, numpy.int32), 2, 1.0, InvalidType),
    (numpy.zeros(2, numpy.int32), 0, 1.0, TypeError),
    (numpy.zeros(2, numpy.int32), 2, -1.0, TypeError),
])
def test_invalid_arguments(roi_indices, outsize, scale, error):
    with pytest.raises(error, match='roi_max_pooling_2d'):
        F.roi_max_pooling_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((2, 4), 'f'),
                             roi_indices, outsize, scale)
