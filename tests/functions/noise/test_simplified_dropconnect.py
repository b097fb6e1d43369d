import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType

RATIO = 0.4


def reference(x, W, b, mask):
    scaled = W * mask / (1 - RATIO)
    flat = x.reshape(len(x), -1)
    if mask.ndim == 2:
        y = flat @ scaled.T
    else:
        y = numpy.einsum('nk,njk->nj', flat, scaled)
    return (y if b is None else y + b).astype(x.dtype)


@pytest.mark.parametrize('batchwise', [True, False])
@pytest.mark.parametrize('x_shape', [(3, 4), (3, 2, 2)])
@pytest.mark.parametrize('with_bias', [True, False])
def test_given_mask(batchwise, x_shape, with_bias):
    rng = numpy.random.RandomState(0)
    x, W, b = rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, (5, 4)), rng.uniform(-1, 1, 5)
    mask = rng.uniform(size=((3,) if batchwise else ()) + (5, 4)) >= RATIO

    def dropconnect(x, W, b=None):
        return F.simplified_dropconnect(x, W, b, RATIO, mask=mask, use_batchwise_mask=batchwise)
    inputs = (x, W, b) if with_bias else (x, W)
    check_function(dropconnect, inputs, lambda x, W, b=None: reference(x, W, b, mask),
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}})


FLOATS = (numpy.float16, numpy.float32, numpy.float64)


@pytest.mark.parametrize('batchwise', [True, False])
@pytest.mark.parametrize('other_dtype', FLOATS)
def test_mixed_dtypes(batchwise, other_dtype):
    # x and W may have different float dtypes (Chainer's rule): computed in the promoted
    # dtype, y (and b) in x's dtype, each gradient in its input's dtype.
    rng = numpy.random.RandomState(1)
    x, W, b = rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (5, 4)), rng.uniform(-1, 1, 5)
    mask = rng.uniform(size=((3,) if batchwise else ()) + (5, 4)) >= RATIO
    fixed_x, fixed_W, fixed_b = (a.astype(other_dtype) for a in (x, W, b))
    # linear in each input: a large eps keeps the output's rounding out of the numerics
    options = {dtype: {'atol': 2e-2, 'rtol': 2e-2, 'eps': 0.25} for dtype in FLOATS
               if dtype != other_dtype or dtype == numpy.float16}

    def dropconnect(x, W, b):
        return F.simplified_dropconnect(x, W, b, RATIO, mask=mask, use_batchwise_mask=batchwise)

    def expected(x, W, b):
        y = reference(x, W, None, mask).astype(x.dtype)
        return y + b

    forward = {dtype: {'atol': 2e-2, 'rtol': 2e-2} for dtype in options}
    check_function(lambda W: dropconnect(fixed_x, W, fixed_b), W,
                   lambda W: expected(fixed_x, W, fixed_b), forward_options=forward,
                   backward_options=options, double_backward_options=options)
    check_function(lambda x, b: dropconnect(x, fixed_W, b), (x, b),
                   lambda x, b: expected(x, fixed_W, b), forward_options=forward,
                   backward_options=options, double_backward_options=options)


def test_random_mask_statistics():
    numpy.random.seed(0)
    x, W = numpy.ones((100, 50)), numpy.ones((40, 50))
    y = F.simplified_dropconnect(x, W, ratio=0.5).array
    # Each output sums 50 weights kept with probability 1/2 and scaled by 2.
    assert abs(y.mean() - 50) < 0.5
    assert y.std() > 1  # masks differ between samples


def test_not_training_is_linear():
    rng = numpy.random.RandomState(1)
    x, W, b = rng.uniform(size=(3, 4)), rng.uniform(size=(2, 4)), rng.uniform(size=2)
    y = F.simplified_dropconnect(x, W, b, ratio=0.9, train=False)
    numpy.testing.assert_allclose(y.array, x @ W.T + b)


def test_bad_inputs():
    with pytest.raises(InvalidType, match='simplified_dropconnect: invalid shapes of x and W'):
        F.simplified_dropconnect(numpy.zeros((3, 4)), numpy.zeros((2, 5)))
    with pytest.raises(InvalidType, match='simplified_dropconnect: invalid b'):
        F.simplified_dropconnect(numpy.zeros((3, 4)), numpy.zeros((2, 4)), numpy.zeros(3))
    with pytest.raises(InvalidType, match='simplified_dropconnect: invalid mask'):
        F.simplified_dropconnect(numpy.zeros((3, 4)), numpy.zeros((2, 4)),
                                 mask=numpy.ones((2, 4)))
    with pytest.raises(InvalidType, match='simplified_dropconnect: invalid ratio'):
        F.simplified_dropconnect(numpy.zeros((3, 4)), numpy.zeros((2, 4)), ratio=1.0)


@attr.gpu
def test_gpu_given_mask():
    rng = numpy.random.RandomState(5)
    x, W = rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (5, 4))
    mask = rng.uniform(size=(3, 5, 4)) >= RATIO
    check_function(lambda x, W: F.simplified_dropconnect(x, W, None, RATIO, mask=mask),
                   (x, W), lambda x, W: reference(x, W, None, mask), device='@cupy:0',
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}})
