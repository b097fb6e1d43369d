import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(22)

# (function, x shape, ksize, stride, pad, outsize, cover_all, expected outsize)
CASES = [
    (F.unpooling_2d, (2, 3, 2, 3), 2, None, 0, None, False, (4, 6)),
    (F.unpooling_2d, (2, 3, 2, 3), 2, 2, 0, None, True, (3, 5)),
    (F.unpooling_2d, (1, 2, 3, 2), 3, 2, 1, (5, 3), True, (5, 3)),
    (F.unpooling_2d, (1, 2, 3, 2), 2, 1, 0, None, False, (4, 3)),
    (F.unpooling_1d, (2, 2, 9), 3, 2, 1, (17,), True, (17,)),
    (F.unpooling_3d, (1, 2, 2, 3, 2), 2, 1, 0, None, True, (3, 4, 3)),
    (F.unpooling_nd, (1, 1, 3, 3), (2, 3), (2, 1), (0, 1), None, False, (6, 3)),
]


@pytest.mark.parametrize('func, shape, ksize, stride, pad, outsize, cover_all, size', CASES)
def test_unpooling(func, shape, ksize, stride, pad, outsize, cover_all, size,
                   reference_unpooling):
    check_function(lambda x: func(x, ksize, stride, pad, outsize, cover_all),
                   rng.uniform(-1, 1, shape),
                   lambda x: reference_unpooling(x, ksize, stride, pad, size))


def test_unpooling_is_the_adjoint_of_sum_pooling():
    x = rng.uniform(-1, 1, (2, 2, 7, 6))
    y = F.average_pooling_2d(x, 3, 2, 1).array * 9
    z = rng.uniform(-1, 1, y.shape)
    back = F.unpooling_2d(z, 3, 2, 1, outsize=(7, 6), cover_all=False).array
    numpy.testing.assert_allclose(numpy.vdot(y, z), numpy.vdot(x, back), rtol=1e-12)


def test_inconsistent_outsize():
    with pytest.raises(InvalidType, match='unpooling_2d: invalid outsize'):
        F.unpooling_2d(numpy.zeros((1, 1, 2, 3), 'f'), 2, outsize=(7, 7), cover_all=False)
