import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function


@pytest.mark.parametrize('dst', [-1, '@numpy'])
def test_copy_to_cpu(uniform, dst):
    check_function(lambda x: F.copy(x, dst), uniform(3, 2), lambda x: x.copy())


def test_output_does_not_share_memory(uniform):
    x = uniform(3)
    y = F.copy(x, -1)
    y.array[0] = 5.0
    assert x[0] != 5.0


def test_bad_device(uniform):
    with pytest.raises(ValueError, match='device'):
        F.copy(uniform(3), 'tpu')


@pytest.mark.gpu
def test_round_trip_through_gpu(uniform):
    cupy = pytest.importorskip('cupy')
    x = kusari.Variable(uniform(3, 2))
    y = F.copy(x, 0)
    assert isinstance(y.array, cupy.ndarray)
    z = F.copy(y * 2.0, -1)
    assert isinstance(z.array, numpy.ndarray)
    z.grad = numpy.ones((3, 2))
    z.backward()
    assert isinstance(x.grad, numpy.ndarray)
    numpy.testing.assert_array_equal(x.grad, numpy.full((3, 2), 2.0))
