"""x and W of different float dtypes in the convolutions (Chainer's rule): the product is
computed in the promoted dtype, the output has x's dtype, each gradient its input's dtype."""

import functools

import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(7)
FLOATS = (numpy.float16, numpy.float32, numpy.float64)


def _depthwise_reference(conv):
    def reference(x, W, b=None):
        multiplier, channels = W.shape[:2]
        grouped = W.transpose(1, 0, 2, 3).reshape((channels * multiplier, 1) + W.shape[2:])
        return conv(x, grouped, b, groups=channels)
    return reference


def _options(other_dtype):
    """Tolerances when inputs of each dtype meet inputs of ``other_dtype``: those of the
    less precise one. The functions are linear in each input, so a large eps keeps the
    output's rounding out of the numerical gradient."""
    tolerance = {numpy.float16: 2e-2, numpy.float32: 1e-3}
    forward, backward = {}, {}
    for dtype in FLOATS:
        if dtype != other_dtype or dtype == numpy.float16:
            tol = max(tolerance.get(dtype, 0), tolerance.get(other_dtype, 0))
            forward[dtype] = {'atol': tol, 'rtol': tol}
            backward[dtype] = {'atol': tol, 'rtol': tol, 'eps': 0.25}
    return forward, backward


# name: (function, x shape, W shape, reference(conv, deconv) -> f(x, W, b))
CASES = {
    'convolution_2d': (lambda x, W, b=None: F.convolution_2d(x, W, b, pad=1), (2, 3, 4, 3),
                       (2, 3, 2, 2), lambda conv, deconv: lambda x, W, b=None: conv(x, W, b,
                                                                                    pad=1)),
    'convolution_nd': (lambda x, W, b=None: F.convolution_nd(x, W, b, stride=2), (2, 2, 5),
                       (3, 2, 2), lambda conv, deconv: lambda x, W, b=None: conv(x, W, b,
                                                                                 stride=2)),
    'deconvolution_2d': (lambda x, W, b=None: F.deconvolution_2d(x, W, b, stride=2),
                         (2, 3, 2, 3), (3, 2, 2, 2),
                         lambda conv, deconv: lambda x, W, b=None: deconv(x, W, b, stride=2)),
    'deconvolution_nd': (F.deconvolution_nd, (1, 2, 3), (2, 3, 2),
                         lambda conv, deconv: deconv),
    'depthwise_convolution_2d': (F.depthwise_convolution_2d, (2, 2, 3, 3), (2, 2, 2, 2),
                                 lambda conv, deconv: _depthwise_reference(conv)),
    'dilated_convolution_2d': (lambda x, W, b=None: F.dilated_convolution_2d(x, W, b, dilate=2),
                               (1, 2, 5, 5), (2, 2, 2, 2),
                               lambda conv, deconv: lambda x, W, b=None: conv(x, W, b,
                                                                              dilate=2)),
    'local_convolution_2d': (F.local_convolution_2d, (2, 2, 4, 3), (2, 3, 2, 2, 2, 2),
                             lambda conv, deconv: _local_reference),
}


def _local_reference(x, W, b=None):
    y = numpy.zeros((x.shape[0],) + W.shape[:3])
    for i, j in numpy.ndindex(*W.shape[1:3]):
        patch = x[:, :, i:i + W.shape[4], j:j + W.shape[5]].astype(numpy.float64)
        y[:, :, i, j] = numpy.tensordot(patch, W[:, i, j], ((1, 2, 3), (1, 2, 3)))
    return (y if b is None else y + b).astype(x.dtype)


@pytest.mark.parametrize('name', sorted(CASES))
@pytest.mark.parametrize('other_dtype', FLOATS)
def test_mixed_dtypes(name, other_dtype, reference_convolution, reference_deconvolution):
    function, x_shape, W_shape, make_reference = CASES[name]
    reference = make_reference(reference_convolution, reference_deconvolution)
    x, W = rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, W_shape)
    b = rng.uniform(-1, 1, function(x, W).shape[1:2] if W.ndim < 6 else W.shape[:3])
    fixed_x, fixed_W, fixed_b = (a.astype(other_dtype) for a in (x, W, b))
    forward, backward = _options(other_dtype)
    check_function(lambda W: function(fixed_x, W, fixed_b), W,
                   lambda W: reference(fixed_x, W, fixed_b), forward_options=forward,
                   backward_options=backward, double_backward_options=backward)
    check_function(lambda x, b: function(x, fixed_W, b), (x, b),
                   lambda x, b: reference(x, fixed_W, b), forward_options=forward,
                   backward_options=backward, double_backward_options=backward)


@pytest.mark.parametrize('other_dtype', FLOATS)
def test_nd_bias_may_have_another_float_dtype(other_dtype):
    # convolution_nd and deconvolution_nd take b in any float dtype; its gradient has b's.
    x, W = rng.uniform(-1, 1, (2, 2, 4)), rng.uniform(-1, 1, (2, 2, 2))
    b = rng.uniform(-1, 1, 2)
    options = _options(other_dtype)[1]
    for function in (F.convolution_nd, F.deconvolution_nd):
        fixed_x, fixed_W = x.astype(other_dtype), W.astype(other_dtype)
        y = function(fixed_x, fixed_W, b.astype(numpy.float16))
        assert y.dtype == other_dtype
        check_function(functools.partial(function, fixed_x, fixed_W), b, None,
                       backward_options=options, double_backward_options=options)


@pytest.mark.parametrize('function, W_shape', [
    (F.convolution_2d, (2, 2, 2, 2)), (F.deconvolution_2d, (2, 2, 2, 2)),
    (F.depthwise_convolution_2d, (2, 2, 2, 2)), (F.dilated_convolution_2d, (2, 2, 2, 2)),
    (F.local_convolution_2d, (2, 2, 2, 2, 2, 2))])
def test_2d_bias_must_have_the_dtype_of_x(function, W_shape):
    x, W = numpy.zeros((1, 2, 3, 3), 'f'), numpy.zeros(W_shape, 'd')
    b = numpy.zeros(function(x, W).shape[1:2] if len(W_shape) == 4 else W_shape[:3], 'd')
    with pytest.raises(InvalidType, match=r'invalid b: expected dtype float32 \(the dtype of x'):
        function(x, W, b)
