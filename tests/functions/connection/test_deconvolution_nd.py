import numpy
import pytest

import kusari.functions as F
from kusari.functions.connection.convolution_nd import ConvolutionND
from kusari.functions.connection.deconvolution_nd import DeconvolutionND
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(2)
LOOSE = {numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}}

# (function, x shape, W shape, stride, pad, outsize, dilate, groups)
CASES = [
    (F.deconvolution_2d, (2, 3, 3, 4), (3, 2, 3, 2), 1, 0, None, 1, 1),
    (F.deconvolution_2d, (2, 4, 3, 3), (4, 3, 3, 3), 2, 1, None, 1, 2),
    (F.deconvolution_2d, (1, 2, 3, 4), (2, 2, 3, 2), (2, 3), (1, 0), (6, 11), (1, 2), 1),
    (F.deconvolution_1d, (2, 2, 4), (2, 3, 3), 3, 1, 11, 1, 1),
    (F.deconvolution_3d, (1, 2, 2, 3, 2), (2, 2, 2, 2, 3), (2, 1, 1), (0, 1, 0), None, 1, 1),
    (F.deconvolution_nd, (1, 4, 3, 3), (4, 1, 2, 2), 2, 0, None, (2, 1), 2),
]


@pytest.mark.parametrize('func, xs, ws, stride, pad, outsize, dilate, groups', CASES)
@pytest.mark.parametrize('nobias', [False, True])
def test_deconvolution(func, xs, ws, stride, pad, outsize, dilate, groups, nobias,
                       reference_deconvolution):
    def deconv(x, W, b=None):
        if func is F.deconvolution_2d:
            return func(x, W, b, stride, pad, outsize, dilate=dilate, groups=groups)
        return func(x, W, b, stride, pad, outsize, dilate, groups)

    def reference(x, W, b=None):
        size = (outsize,) if isinstance(outsize, int) else outsize
        return reference_deconvolution(x, W, b, stride, pad, size, dilate, groups)

    inputs = (rng.uniform(-1, 1, xs), rng.uniform(-1, 1, ws))
    if not nobias:
        inputs += (rng.uniform(-1, 1, ws[1] * groups),)
    check_function(deconv, inputs, reference, forward_options=LOOSE)


def test_deconvolution_is_the_adjoint_of_convolution():
    x, W = rng.uniform(-1, 1, (2, 3, 7, 6)), rng.uniform(-1, 1, (4, 3, 3, 2))
    y = F.convolution_2d(x, W, stride=2, pad=1, cover_all=True).array
    z = rng.uniform(-1, 1, y.shape)
    back = F.deconvolution_2d(z, W, stride=2, pad=1, outsize=(7, 6)).array
    numpy.testing.assert_allclose(numpy.vdot(y, z), numpy.vdot(x, back), rtol=1e-12)


def test_zero_batch():
    y = F.deconvolution_2d(numpy.zeros((0, 2, 3, 3), 'f'), numpy.ones((2, 5, 2, 2), 'f'))
    assert y.shape == (0, 5, 4, 4)


@pytest.mark.parametrize('x, W, kwargs, match', [
    (numpy.zeros((1, 2, 3, 3), 'f'), numpy.zeros((3, 2, 2, 2), 'f'), {},
     'invalid shapes of x and W'),
    (numpy.zeros((1, 2, 3, 3), 'f'), numpy.zeros((2, 2, 2, 2), 'f'), {'outsize': (9, 4)},
     'invalid outsize'),
    (numpy.zeros((1, 2, 3, 3), 'f'), numpy.zeros((2, 2, 2, 2), 'f'),
     {'b': numpy.zeros(3, 'f')}, 'invalid b'),
])
def test_invalid_inputs(x, W, kwargs, match):
    with pytest.raises(InvalidType, match='deconvolution_2d: ' + match):
        F.deconvolution_2d(x, W, **kwargs)


def test_output_size_not_positive_is_an_assertion_error():
    with pytest.raises(AssertionError, match='deconvolution_2d: the output size'):
        F.deconvolution_2d(numpy.zeros((1, 2, 3, 3), 'f'), numpy.zeros((2, 2, 2, 2), 'f'), pad=3)


@pytest.mark.parametrize('inputs', [(numpy.zeros((1, 2, 3), 'f'),),
                                    (numpy.zeros((1, 2, 3), 'f'), numpy.zeros((2, 2, 2), 'f'),
                                     numpy.zeros(2, 'f'), numpy.zeros(2, 'f'))])
@pytest.mark.parametrize('node', [DeconvolutionND(1), ConvolutionND(1)])
def test_number_of_inputs(node, inputs):
    with pytest.raises(InvalidType, match='invalid number of inputs'):
        node.apply(inputs)


def test_unexpected_keyword():
    with pytest.raises(TypeError, match='unexpected keyword'):
        F.deconvolution_2d(numpy.zeros((1, 1, 2, 2), 'f'), numpy.zeros((1, 1, 2, 2), 'f'),
                           cover_all=True)


@pytest.mark.parametrize('func, xs, ws, stride, pad, outsize, dilate, groups', CASES)
def test_blocked_columns_match_the_definition(func, xs, ws, stride, pad, outsize, dilate,
                                              groups, reference_deconvolution, monkeypatch):
    from kusari.functions.connection import _conv_kernels
    monkeypatch.setattr(_conv_kernels, 'BLOCK_ELEMENTS', 40)
    test_deconvolution(func, xs, ws, stride, pad, outsize, dilate, groups, False,
                       reference_deconvolution)


def test_too_large_pad_is_an_assertion_error_and_a_value_error():
    # Chainer raises AssertionError; kusari's error is also a ValueError naming the function
    x = numpy.zeros((1, 1, 1), numpy.float32)
    W = numpy.zeros((1, 1, 1), numpy.float32)
    with pytest.raises(AssertionError, match='deconvolution_nd: the output size'):
        F.deconvolution_nd(x, W, pad=1)
    with pytest.raises(ValueError, match='deconvolution_nd'):
        F.deconvolution_nd(x, W, pad=1)
