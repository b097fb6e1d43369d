import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(1)
LOOSE = {numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}}

# (function, x shape, W shape, stride, pad, dilate, groups, cover_all)
CASES = [
    (F.convolution_1d, (2, 3, 7), (4, 3, 3), 2, 1, 1, 1, True),
    (F.convolution_1d, (2, 4, 9), (2, 2, 2), 1, 0, 3, 2, False),
    (F.convolution_3d, (1, 2, 4, 3, 5), (3, 2, 2, 2, 3), (1, 2, 1), (1, 0, 1), 1, 1, False),
    (F.convolution_nd, (1, 2, 4, 5), (2, 1, 3, 2), 1, (0, 1), (1, 2), 2, True),
    (F.convolution_nd, (1, 1, 3, 3, 3, 3), (2, 1, 2, 2, 2, 2), 1, 0, 1, 1, False),
]


@pytest.mark.parametrize('func, xs, ws, stride, pad, dilate, groups, cover_all', CASES)
def test_convolution_nd(func, xs, ws, stride, pad, dilate, groups, cover_all,
                        reference_convolution):
    def conv(x, W, b):
        return func(x, W, b, stride, pad, cover_all, dilate, groups)

    def reference(x, W, b):
        return reference_convolution(x, W, b, stride, pad, dilate, groups, cover_all)

    inputs = (rng.uniform(-1, 1, xs), rng.uniform(-1, 1, ws), rng.uniform(-1, 1, ws[0]))
    check_function(conv, inputs, reference, forward_options=LOOSE)


def test_convolution_2d_and_nd_agree():
    x, W = rng.uniform(-1, 1, (2, 3, 6, 5)), rng.uniform(-1, 1, (4, 3, 3, 3))
    numpy.testing.assert_array_equal(
        F.convolution_2d(x, W, stride=2, pad=1, cover_all=True).array,
        F.convolution_nd(x, W, stride=2, pad=1, cover_all=True).array)


@pytest.mark.parametrize('func, x, match', [
    (F.convolution_1d, numpy.zeros((1, 2, 4, 4), 'f'), 'convolution_1d: invalid x'),
    (F.convolution_3d, numpy.zeros((1, 2, 4, 4), 'f'), 'convolution_3d: invalid x'),
    (F.convolution_nd, numpy.zeros((1, 2), 'f'), 'convolution_nd: invalid x'),
])
def test_wrong_ndim(func, x, match):
    with pytest.raises(InvalidType, match=match):
        func(x, numpy.zeros((1, 2, 1), 'f'))


def test_dilate_of_wrong_length_is_rejected():
    with pytest.raises(InvalidType, match='convolution_nd: invalid dilate'):
        F.convolution_nd(numpy.zeros((1, 1, 4, 4, 4), 'f'), numpy.zeros((1, 1, 2, 2, 2), 'f'),
                         dilate=(1, 2))


@pytest.mark.parametrize('func, xs, ws, stride, pad, dilate, groups, cover_all', CASES[:4])
def test_blocked_columns_match_the_definition(func, xs, ws, stride, pad, dilate, groups,
                                              cover_all, reference_convolution, monkeypatch):
    # Tiny blocks: one output row per block, the last block shorter than the others.
    from kusari.functions.connection import _conv_kernels
    monkeypatch.setattr(_conv_kernels, 'BLOCK_ELEMENTS', 1)
    test_convolution_nd(func, xs, ws, stride, pad, dilate, groups, cover_all,
                        reference_convolution)
