import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(0)

# (x shape, W shape, stride, pad, dilate, groups, cover_all)
CASES = [
    ((2, 3, 5, 4), (4, 3, 3, 2), 1, 0, 1, 1, False),
    ((2, 4, 6, 5), (6, 2, 3, 3), 2, 1, 1, 2, False),
    ((1, 2, 7, 6), (3, 2, 2, 3), (2, 3), (1, 0), (2, 1), 1, True),
    ((2, 2, 5, 5), (2, 2, 1, 1), 3, 2, 1, 1, True),
]
LOOSE = {numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}}


@pytest.mark.parametrize('xs, ws, stride, pad, dilate, groups, cover_all', CASES)
@pytest.mark.parametrize('nobias', [False, True])
def test_convolution_2d(xs, ws, stride, pad, dilate, groups, cover_all, nobias,
                        reference_convolution):
    def conv(x, W, b=None):
        return F.convolution_2d(x, W, b, stride, pad, cover_all, dilate=dilate, groups=groups)

    def reference(x, W, b=None):
        return reference_convolution(x, W, b, stride, pad, dilate, groups, cover_all)

    inputs = (rng.uniform(-1, 1, xs), rng.uniform(-1, 1, ws))
    if not nobias:
        inputs += (rng.uniform(-1, 1, ws[0]),)
    check_function(conv, inputs, reference, forward_options=LOOSE)


def test_zero_batch(reference_convolution):
    x = numpy.zeros((0, 2, 4, 4), numpy.float32)
    W = rng.uniform(-1, 1, (3, 2, 3, 3)).astype(numpy.float32)
    y = F.convolution_2d(x, W, pad=1)
    assert y.shape == (0, 3, 4, 4) and y.dtype == numpy.float32


def test_chained_layers_and_gradients_match_the_definition(reference_convolution):
    # The channel-major output of one layer feeds the next without a copy.
    x = rng.uniform(-1, 1, (3, 2, 8, 8))
    W1, W2 = rng.uniform(-1, 1, (4, 2, 3, 3)), rng.uniform(-1, 1, (5, 4, 3, 3))
    xv, W1v, W2v = kusari.Variable(x), kusari.Variable(W1), kusari.Variable(W2)
    y = F.convolution_2d(F.convolution_2d(xv, W1v, pad=1), W2v, stride=2)
    numpy.testing.assert_allclose(y.array, reference_convolution(
        reference_convolution(x, W1, pad=1), W2, stride=2), rtol=1e-10)
    gy = rng.uniform(-1, 1, y.shape)
    y.grad = gy
    y.backward()
    # Gradient of <y, gy> w.r.t. W2[o, c, i, j] is the correlation of gy with the input.
    h = reference_convolution(x, W1, pad=1)
    expected = numpy.einsum('nohw,nchw->oc', gy, h[:, :, 1:1 + 2 * 3:2, 2:2 + 2 * 3:2])
    numpy.testing.assert_allclose(W2v.grad[:, :, 1, 2], expected, rtol=1e-10)


def test_float16_is_computed_in_float32():
    x = numpy.full((1, 64, 3, 3), 0.1, numpy.float16)
    W = numpy.full((1, 64, 3, 3), 0.1, numpy.float16)
    y = F.convolution_2d(x, W)
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(y.array.astype(float), 576 * 0.1 * 0.1, rtol=2e-3)


def test_deterministic_argument_is_rejected():
    x, W = numpy.zeros((1, 1, 3, 3), 'f'), numpy.zeros((1, 1, 3, 3), 'f')
    with pytest.raises(ValueError, match='deterministic'):
        F.convolution_2d(x, W, deterministic=True)
    with pytest.raises(TypeError, match='unexpected keyword'):
        F.convolution_2d(x, W, dilation=2)


@pytest.mark.parametrize('x, W, b, kwargs, match', [
    (numpy.zeros((1, 2, 4, 4), 'i'), numpy.zeros((1, 2, 3, 3), 'i'), None, {}, 'invalid x'),
    (numpy.zeros((1, 2, 4, 4), 'f'), numpy.zeros((1, 2, 3, 3), 'i'), None, {}, 'invalid W'),
    (numpy.zeros((1, 2, 4, 4), 'f'), numpy.zeros((1, 2, 3, 3), 'd'), numpy.zeros(1, 'd'), {},
     r'invalid b: expected dtype float32 \(the dtype of x\)'),
    (numpy.zeros((1, 3, 4, 4), 'f'), numpy.zeros((1, 2, 3, 3), 'f'), None, {},
     'invalid shapes of x and W'),
    (numpy.zeros((1, 4, 4, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), None, {'groups': 2},
     'invalid shapes of x and W'),
    (numpy.zeros((1, 2, 4, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), numpy.zeros(2, 'f'), {},
     'invalid b'),
    (numpy.zeros((1, 2, 2, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), None, {},
     'invalid x: expected a spatial size'),
    (numpy.zeros((2, 4, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), None, {}, 'invalid x'),
    (numpy.zeros((1, 2, 4, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), None, {'stride': 0},
     'invalid stride'),
    (numpy.zeros((1, 2, 4, 4), 'f'), numpy.zeros((3, 2, 3, 3), 'f'), None, {'pad': (1, 1, 1)},
     'invalid pad'),
])
def test_invalid_inputs(x, W, b, kwargs, match):
    with pytest.raises(InvalidType, match='convolution_2d: ' + match):
        F.convolution_2d(x, W, b, **kwargs)


def test_function_nodes_have_chainers_2d_constructors():
    # Chainer's node classes, applied directly as Chainer's tests and users do.
    from kusari.functions.connection.convolution_2d import Convolution2DFunction
    from kusari.functions.connection.deconvolution_2d import Deconvolution2DFunction
    x = kusari.Variable(rng.uniform(-1, 1, (2, 2, 5, 5)))
    W = rng.uniform(-1, 1, (2, 2, 3, 3))
    y = F.convolution_2d(x, W, stride=2, pad=1, dilate=1)
    assert isinstance(y.creator, Convolution2DFunction)
    numpy.testing.assert_array_equal(Convolution2DFunction(2, 1).apply((x, W))[0].array,
                                     y.array)
    z = F.deconvolution_2d(y, W, stride=2, pad=1, outsize=(5, 5))
    assert isinstance(z.creator, Deconvolution2DFunction)
    numpy.testing.assert_array_equal(
        Deconvolution2DFunction(2, 1, (5, 5)).apply((y, W))[0].array, z.array)
