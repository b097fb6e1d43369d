import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function


@pytest.mark.parametrize('shapes', [[(3,), (3,)], [(2, 3), (1, 3)],
                                    [(1, 2, 3), (2, 2, 3)]])
def test_vstack(uniform, shapes):
    xs = tuple(uniform(*s) for s in shapes)
    check_function(lambda *xs: F.vstack(xs), xs, lambda *xs: numpy.vstack(xs))


def test_zero_dim_inputs_forward():
    # gradient_check cannot perturb 0-d inputs yet; the values still must match.
    xs = (numpy.array(1.5), numpy.array(-2.0))
    numpy.testing.assert_array_equal(F.vstack(xs).array, numpy.vstack(xs))


def test_no_inputs():
    with pytest.raises(ValueError, match='vstack'):
        F.vstack([])


@pytest.mark.parametrize('a, b', [((3,), (3, 3)), ((), (1,)), ((3,), (4,)), ((3, 4), (3, 3))])
def test_inputs_of_other_ndim_or_shape_are_refused(a, b):
    # Chainer's rule: one ndim, and one shape for inputs of at most one axis
    from kusari.utils.type_check import InvalidType
    with pytest.raises(InvalidType, match='vstack|concat'):
        F.vstack([numpy.zeros(a, 'f'), numpy.zeros(b, 'f')])
    assert F.vstack([numpy.zeros((3, 4), 'f'), numpy.zeros((4, 4), 'f')]).shape == (7, 4)
