import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(40)


def reference(pool_size, axis):
    def compute(x):
        a = axis % x.ndim
        shape = x.shape[:a] + (x.shape[a] // pool_size, pool_size) + x.shape[a + 1:]
        return x.reshape(shape).max(axis=a + 1)
    return compute


@pytest.mark.parametrize('shape, pool_size, axis', [((2, 6), 2, 1), ((2, 6, 3), 3, 1),
                                                    ((4, 2, 3), 2, 0), ((2, 3, 4), 4, -1),
                                                    ((0, 4), 2, 1)])
def test_maxout(shape, pool_size, axis):
    x = rng.permutation(numpy.prod(shape, dtype=int)).reshape(shape) * 0.1  # no ties
    check_function(lambda x: F.maxout(x, pool_size, axis), x, reference(pool_size, axis))


def test_bad_arguments():
    with pytest.raises(InvalidType, match='maxout: invalid x'):
        F.maxout(numpy.ones((2, 5)), 2)
    with pytest.raises(InvalidType, match='maxout: invalid pool_size'):
        F.maxout(numpy.ones((2, 4)), 0)
    with pytest.raises(InvalidType, match='maxout: invalid axis'):
        F.maxout(numpy.ones((2, 4)), 2, axis=2)
