import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(25)


@pytest.mark.parametrize('outh, outw, scale', [(3, 2, 1.0), (2, 4, 0.6)])
def test_roi_pooling_2d(outh, outw, scale, rois, reference_roi_rect, spaced):
    boxes, batch = rois
    rois5 = numpy.concatenate([batch[:, None], boxes[:, [1, 0, 3, 2]]], axis=1)

    def function(x):
        return F.roi_pooling_2d(x, rois5.astype(x.dtype), outh, outw, scale)

    def reference(x):
        return reference_roi_rect(x, boxes.astype(x.dtype), batch, (outh, outw), scale,
                                  numpy.max, 1, 0.0)

    check_function(function, spaced(rng, (2, 3, 9, 8)), reference)


def test_invalid_rois():
    with pytest.raises(InvalidType, match='roi_pooling_2d: invalid rois'):
        F.roi_pooling_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((2, 4), 'f'), 2, 2, 1.0)
