import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(27)


@pytest.mark.parametrize('outsize, scale', [(2, 1.0), ((3, 4), 0.6)])
def test_roi_average_pooling_2d(outsize, scale, rois, reference_roi_rect):
    boxes, batch = rois
    size = (outsize, outsize) if isinstance(outsize, int) else outsize
    check_function(
        lambda x: F.roi_average_pooling_2d(x, boxes.astype(x.dtype), batch, outsize, scale),
        rng.uniform(-1, 1, (2, 3, 9, 8)),
        lambda x: reference_roi_rect(x, boxes.astype(x.dtype), batch, size, scale, numpy.mean,
                                     0, 0.0))


def test_rois_of_another_dtype():
    with pytest.raises(InvalidType, match='roi_average_pooling_2d: invalid rois'):
        F.roi_average_pooling_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((1, 4)),
                                 numpy.zeros(1, numpy.int32), 2, 1.0)
