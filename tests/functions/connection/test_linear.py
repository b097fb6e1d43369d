import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(10)


@pytest.mark.parametrize('x_shape, n_batch_axes', [((4, 3), 1), ((2, 3, 1, 3), 1),
                                                   ((2, 2, 3), 2), ((0, 3), 1)])
@pytest.mark.parametrize('nobias', [False, True])
def test_linear(x_shape, n_batch_axes, nobias):
    def reference(x, W, b=None):
        y = x.reshape(x_shape[:n_batch_axes] + (k,)) @ W.T
        return y if b is None else y + b

    k = int(numpy.prod(x_shape[n_batch_axes:]))
    inputs = (rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, (5, k)))
    if not nobias:
        inputs += (rng.uniform(-1, 1, 5),)
    check_function(lambda x, W, b=None: F.linear(x, W, b, n_batch_axes), inputs, reference)


FLOATS = (numpy.float16, numpy.float32, numpy.float64)


@pytest.mark.parametrize('other_dtype', FLOATS)
@pytest.mark.parametrize('nobias', [False, True])
def test_mixed_dtypes(other_dtype, nobias):
    # x and W may have different float dtypes (Chainer's rule): y is computed in the promoted
    # dtype and has x's dtype (so does b); each gradient has its input's dtype.
    x, W, b = rng.uniform(-1, 1, (4, 3)), rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, 2)
    fixed_x, fixed_W, fixed_b = (a.astype(other_dtype) for a in (x, W, b))
    # linear in each input, so a large eps keeps the rounding of a float16 or float32 output
    # out of the numerical gradient (with the default eps, 3% of float32 draws failed)
    low = [dtype for dtype in FLOATS if numpy.float16 in (dtype, other_dtype)]
    forward = {dtype: {'atol': 1e-2, 'rtol': 1e-2} for dtype in low}
    backward = {dtype: dict({'atol': 1e-2, 'rtol': 1e-2} if dtype in low else {}, eps=0.25)
                for dtype in FLOATS}

    def reference(x, W, b=None):
        y = (x @ W.T).astype(x.dtype)
        return y if b is None else y + b

    fixed_bias = None if nobias else fixed_b
    check_function(lambda W: F.linear(fixed_x, W, fixed_bias), W,
                   lambda W: reference(fixed_x, W, fixed_bias),
                   forward_options=forward, backward_options=backward,
                   double_backward_options=backward)
    check_function(lambda x, b=None: F.linear(x, fixed_W, b), (x,) if nobias else (x, b),
                   lambda x, b=None: reference(x, fixed_W, b),
                   forward_options=forward, backward_options=backward,
                   double_backward_options=backward)


@pytest.mark.parametrize('x, W, b, kwargs, match', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 2), 'f'), None, {}, 'invalid shapes of x and W'),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((4, 3), 'i'), None, {}, 'invalid x'),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'i'), None, {}, 'invalid W'),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), numpy.zeros(3, 'f'), {}, 'invalid b'),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), None, {'n_batch_axes': 0},
     'invalid n_batch_axes'),
])
def test_invalid_inputs(x, W, b, kwargs, match):
    with pytest.raises(InvalidType, match='linear: ' + match):
        F.linear(x, W, b, **kwargs)


def test_one_dimensional_x_is_not_taken_for_a_batch_of_scalars():
    W = numpy.zeros((2, 1), numpy.float32)
    with pytest.raises(InvalidType, match=r'linear: invalid x:.*x\.reshape\(1, -1\).*shape \(4,\)'):
        F.linear(numpy.zeros(4, numpy.float32), W)
