import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(15)


@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 4), (0, 5), (3, 0)])
def test_batch_l2_norm_squared(shape):
    check_function(F.batch_l2_norm_squared, rng.uniform(-1, 1, shape),
                   lambda x: (x.astype(numpy.float64) ** 2).sum(
                       axis=tuple(range(1, x.ndim))).astype(x.dtype))


@pytest.mark.parametrize('shape', [(), (4,)])
def test_rejects_fewer_than_2_axes(shape):
    with pytest.raises(InvalidType, match='batch_l2_norm_squared: invalid x'):
        F.batch_l2_norm_squared(numpy.ones(shape))
