import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function

rng = numpy.random.default_rng(29)


@pytest.mark.parametrize('outsize, scale, sampling_ratio', [
    (2, 1.0, None), ((3, 4), 0.6, 2), ((2, 3), 0.8, (1, 3))])
def test_roi_max_align_2d(outsize, scale, sampling_ratio, rois, reference_roi_align):
    boxes, batch = rois
    size = (outsize, outsize) if isinstance(outsize, int) else outsize

    def function(x):
        y = F.roi_max_align_2d(x, boxes.astype(x.dtype), batch, outsize, scale, sampling_ratio)
        return F.where(numpy.isinf(y.array), numpy.zeros_like(y.array), y)

    def reference(x):
        y = reference_roi_align(x, boxes.astype(x.dtype), batch, size, scale, sampling_ratio,
                                'max')
        return numpy.where(numpy.isinf(y), 0, y).astype(x.dtype)

    # Smooth random inputs: samples of one bin are distinct, so the max is stable.
    check_function(function, rng.uniform(-1, 1, (2, 3, 9, 8)), reference,
                   forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


def test_bins_without_samples_are_minus_infinity(rois):
    boxes, batch = rois
    y = F.roi_max_align_2d(numpy.ones((2, 1, 9, 8), 'f'), boxes.astype('f'), batch, 2, 1.0)
    assert numpy.isinf(y.array).any() and not numpy.isinf(y.array[0]).any()
