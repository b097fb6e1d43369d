import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(4)


@pytest.mark.parametrize('stride, pad, dilate, cover_all', [
    (1, 0, 2, False), (2, 2, (2, 1), True), (1, 1, 3, False)])
def test_dilated_convolution_2d(stride, pad, dilate, cover_all, reference_convolution):
    def reference(x, W, b):
        return reference_convolution(x, W, b, stride, pad, dilate, 1, cover_all)

    inputs = (rng.uniform(-1, 1, (2, 2, 7, 8)), rng.uniform(-1, 1, (3, 2, 2, 3)),
              rng.uniform(-1, 1, 3))
    check_function(
        lambda x, W, b: F.dilated_convolution_2d(x, W, b, stride, pad, dilate, cover_all),
        inputs, reference, forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


def test_equals_convolution_2d_with_dilate():
    x, W = rng.uniform(-1, 1, (1, 2, 9, 9)), rng.uniform(-1, 1, (2, 2, 3, 3))
    numpy.testing.assert_array_equal(F.dilated_convolution_2d(x, W, dilate=2).array,
                                     F.convolution_2d(x, W, dilate=2).array)


def test_too_small_input():
    with pytest.raises(InvalidType, match='dilated_convolution_2d: invalid x'):
        F.dilated_convolution_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((1, 1, 3, 3), 'f'),
                                 dilate=2)
