import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(24)
HALF = {numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}}


def swap(x, trans):
    return x.swapaxes(-1, -2) if trans and x.ndim >= 2 else x


@pytest.mark.parametrize('a_shape, b_shape', [((2, 3), (3, 4)), ((2, 2, 3), (2, 3, 4)),
                                              ((2, 2, 3), (3, 4)), ((3,), (3, 4)),
                                              ((2, 3), (3,)), ((1, 2, 3), (4, 3, 2))])
@pytest.mark.parametrize('transa, transb', [(False, False), (True, False), (False, True),
                                            (True, True)])
def test_matmul(a_shape, b_shape, transa, transb):
    a_shape = a_shape[:-2] + a_shape[-2:][::-1] if transa and len(a_shape) >= 2 else a_shape
    b_shape = b_shape[:-2] + b_shape[-2:][::-1] if transb and len(b_shape) >= 2 else b_shape
    check_function(lambda a, b: F.matmul(a, b, transa, transb),
                   (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)),
                   lambda a, b: numpy.matmul(swap(a, transa), swap(b, transb)),
                   forward_options=HALF)


def test_vector_dot_vector(on_0d):
    function, reference = on_0d(F.matmul, numpy.matmul, inputs=False)
    check_function(function, (rng.uniform(-1, 1, (3,)), rng.uniform(-1, 1, (3,))), reference)


@pytest.mark.filterwarnings('ignore:batch_matmul is deprecated:DeprecationWarning')
@pytest.mark.parametrize('a_shape, b_shape, transa, transb', [
    ((2, 3, 4), (2, 3, 5), True, False), ((2, 3), (2, 3), True, False),
    ((2, 3), (2, 4), False, True), ((2, 4, 3), (2, 3), False, False),
])
def test_batch_matmul(a_shape, b_shape, transa, transb):
    # 2-d operands are batches of column vectors
    def as_batch(x):
        return x[..., None] if x.ndim == 2 else x
    check_function(lambda a, b: F.batch_matmul(a, b, transa=transa, transb=transb),
                   (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)),
                   lambda a, b: numpy.matmul(swap(as_batch(a), transa), swap(as_batch(b), transb)),
                   forward_options=HALF)


def test_batch_matmul_is_deprecated():
    with pytest.warns(DeprecationWarning, match='batch_matmul is deprecated'):
        F.batch_matmul(numpy.ones((2, 3, 4)), numpy.ones((2, 4, 1)))


@pytest.mark.parametrize('a_shape, b_shape, message', [
    ((), (2, 3), 'invalid a and b'), ((2, 3), (), 'invalid a and b'),
    ((2, 3, 4), (3, 4, 3), 'invalid shapes of a and b: expected batch axes'),
])
def test_invalid_shapes(a_shape, b_shape, message):
    with pytest.raises(InvalidType, match='matmul: ' + message):
        F.matmul(numpy.ones(a_shape), numpy.ones(b_shape))


def test_mismatched_inner_dimensions():
    with pytest.raises(InvalidType, match='matmul: invalid shapes of a and b'):
        F.matmul(numpy.ones((2, 3)), numpy.ones((4, 2)))


FLOATS = (numpy.float16, numpy.float32, numpy.float64)


@pytest.mark.parametrize('other_dtype', FLOATS)
@pytest.mark.parametrize('a_shape, b_shape', [((2, 3), (3, 4)), ((3,), (2, 3, 4))])
def test_mixed_dtypes(other_dtype, a_shape, b_shape):
    # Each operand in every float dtype with the other fixed in other_dtype: the result has
    # NumPy's promoted dtype, the gradient its input's dtype.
    a, b = rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)
    fixed_a, fixed_b = a.astype(other_dtype), b.astype(other_dtype)
    options = {dtype: {'atol': 1e-2, 'rtol': 1e-2} for dtype in FLOATS
               if numpy.float16 in (dtype, other_dtype)}
    check_function(lambda a: F.matmul(a, fixed_b), a, lambda a: numpy.matmul(a, fixed_b),
                   forward_options=options, backward_options=options)
    check_function(lambda b: F.matmul(fixed_a, b), b, lambda b: numpy.matmul(fixed_a, b),
                   forward_options=options, backward_options=options)


def test_integer_operand_rejected():
    with pytest.raises(InvalidType, match='matmul: invalid b'):
        F.matmul(numpy.ones((2, 3)), numpy.ones((3, 2), numpy.int32))
