import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('shape, axes', [((2, 3, 4), None), ((2, 3, 4), (1, 2, 0)),
                                         ((2, 3, 4), (-1, 0, 1)), ((3,), (0,))])
def test_matches_numpy(uniform, shape, axes):
    check_function(lambda x: F.transpose(x, axes), uniform(*shape),
                   lambda x: numpy.transpose(x, axes).copy())


def test_variable_methods(uniform):
    x = kusari.Variable(uniform(2, 3, 4))
    assert x.T.shape == (4, 3, 2)
    assert x.transpose(2, 0, 1).shape == (4, 2, 3)


def test_bad_axes(uniform):
    with pytest.raises(InvalidType, match='transpose: invalid axes'):
        F.transpose(uniform(2, 3), (0, 0))
