import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(8)


def reference(e1, e2, W, V1=None, V2=None, b=None):
    e1, e2 = e1.reshape(len(e1), -1), e2.reshape(len(e2), -1)
    y = numpy.einsum('ij,ik,jkl->il', e1, e2, W)
    if V1 is not None:
        y = y + e1 @ V1 + e2 @ V2 + b
    return y.astype(e1.dtype)


@pytest.mark.parametrize('e2_shape', [(4, 3), (4, 1, 3)])
@pytest.mark.parametrize('linear', [False, True])
def test_bilinear(e2_shape, linear):
    inputs = (rng.uniform(-1, 1, (4, 2)), rng.uniform(-1, 1, e2_shape),
              rng.uniform(-1, 1, (2, 3, 5)))
    if linear:
        inputs += (rng.uniform(-1, 1, (2, 5)), rng.uniform(-1, 1, (3, 5)),
                   rng.uniform(-1, 1, 5))
    check_function(F.bilinear, inputs, reference)


def test_partial_linear_parameters_are_rejected():
    e, W = numpy.zeros((2, 2)), numpy.zeros((2, 2, 3))
    with pytest.raises(ValueError, match='all None or all given'):
        F.bilinear(e, e, W, numpy.zeros((2, 3)))


@pytest.mark.parametrize('e1, e2, W, match', [
    (numpy.zeros((2, 3)), numpy.zeros((3, 2)), numpy.zeros((3, 2, 1)), 'shapes of e1 and e2'),
    (numpy.zeros((2, 3)), numpy.zeros((2, 2)), numpy.zeros((2, 3, 1)), 'invalid W'),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((2, 2), 'i'), numpy.zeros((3, 2, 1), 'i'),
     'invalid e1'),
])
def test_invalid_inputs(e1, e2, W, match):
    with pytest.raises(InvalidType, match='bilinear: .*' + match):
        F.bilinear(e1, e2, W)
