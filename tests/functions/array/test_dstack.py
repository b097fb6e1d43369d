import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function


@pytest.mark.parametrize('shapes', [[(3,), (3,)], [(2, 3), (2, 3)],
                                    [(2, 2, 1), (2, 2, 3)]])
def test_dstack(uniform, shapes):
    xs = tuple(uniform(*s) for s in shapes)
    check_function(lambda *xs: F.dstack(xs), xs, lambda *xs: numpy.dstack(xs))


def test_zero_dim_inputs_forward():
    # gradient_check cannot perturb 0-d inputs yet; the values still must match.
    xs = (numpy.array(1.5), numpy.array(-2.0))
    numpy.testing.assert_array_equal(F.dstack(xs).array, numpy.dstack(xs))


def test_no_inputs():
    with pytest.raises(ValueError, match='dstack'):
        F.dstack([])


@pytest.mark.parametrize('a, b', [((3, 4), (4, 4)), ((), (1,)), ((2, 3, 4), (3, 3, 4))])
def test_inputs_of_other_ndim_or_shape_are_refused(a, b):
    # Chainer's rule: one ndim, and one shape for inputs of at most two axes
    from kusari.utils.type_check import InvalidType
    with pytest.raises(InvalidType, match='dstack|concat'):
        F.dstack([numpy.zeros(a, 'f'), numpy.zeros(b, 'f')])
    assert F.dstack([numpy.zeros((3, 4, 6), 'f'), numpy.zeros((3, 4, 5), 'f')]).shape == (3, 4, 11)
