import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(18)


@pytest.mark.parametrize('a_shape, b_shape, axes', [
    ((2, 3, 4), (3, 4, 5), 2), ((2, 3), (3, 4), 1), ((2, 3), (4, 5), 0),
    ((2, 3, 4), (4, 2, 5), ((0, 2), (1, 0))), ((3, 4, 2), (2, 3), ([2, 0], [0, 1])),
    ((4, 3), (3,), (1, 0)),
])
def test_tensordot(a_shape, b_shape, axes):
    check_function(lambda a, b: F.tensordot(a, b, axes),
                   (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)),
                   lambda a, b: numpy.asarray(numpy.tensordot(a, b, axes)),
                   forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


@pytest.mark.parametrize('axes', [2, ((1, 0), (1, 0))])
def test_full_contraction(axes, on_0d):
    function, reference = on_0d(lambda a, b: F.tensordot(a, b, axes),
                                lambda a, b: numpy.asarray(numpy.tensordot(a, b, axes)),
                                inputs=False)
    check_function(function, (rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (2, 3))),
                   reference)


def test_mismatched_axis_lengths():
    with pytest.raises(InvalidType, match='tensordot: invalid axes'):
        F.tensordot(numpy.ones((2, 3)), numpy.ones((4, 5)), 1)


def test_bad_axes():
    with pytest.raises(InvalidType, match='tensordot: invalid axes of a'):
        F.tensordot(numpy.ones((2, 3)), numpy.ones((3, 5)), ((5,), (0,)))
    with pytest.raises(InvalidType, match='tensordot: invalid axes'):
        F.tensordot(numpy.ones((2, 3)), numpy.ones((3, 5)), ((1, 0), (0,)))


FLOATS = (numpy.float16, numpy.float32, numpy.float64)


@pytest.mark.parametrize('other_dtype', FLOATS)
def test_mixed_dtypes(other_dtype):
    # Each operand in every float dtype with the other fixed in other_dtype: the result has
    # NumPy's promoted dtype, the gradient its input's dtype.
    a, b, axes = rng.uniform(-1, 1, (2, 3, 4)), rng.uniform(-1, 1, (4, 2, 5)), ((0, 2), (1, 0))
    fixed_a, fixed_b = a.astype(other_dtype), b.astype(other_dtype)
    options = {dtype: {'atol': 1e-2, 'rtol': 1e-2} for dtype in FLOATS
               if numpy.float16 in (dtype, other_dtype)}
    check_function(lambda a: F.tensordot(a, fixed_b, axes), a,
                   lambda a: numpy.tensordot(a, fixed_b, axes),
                   forward_options=options, backward_options=options)
    check_function(lambda b: F.tensordot(fixed_a, b, axes), b,
                   lambda b: numpy.tensordot(fixed_a, b, axes),
                   forward_options=options, backward_options=options)
