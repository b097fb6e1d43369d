import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def test_fixed_mask_scales_and_differentiates():
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (4, 3))
    mask = (rng.uniform(size=(4, 3)) >= 0.4) / 0.6
    check_function(lambda x: F.dropout(x, 0.4, mask=mask.astype(x.dtype)), x,
                   lambda x: x * mask.astype(x.dtype))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_random_mask_statistics(dtype):
    numpy.random.seed(0)
    x = numpy.ones((200, 100), dtype)
    y, mask = F.dropout(x, 0.3, return_mask=True)
    assert y.dtype == dtype
    kept = y.array != 0
    assert abs(kept.mean() - 0.7) < 0.02
    numpy.testing.assert_allclose(y.array[kept], 1 / 0.7, rtol=1e-3)
    numpy.testing.assert_array_equal(y.array, x * mask)


def test_backward_reuses_the_mask():
    x = kusari.Variable(numpy.ones((50, 20)))
    y, mask = F.dropout(x, 0.5, return_mask=True)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, mask)


def test_identity_outside_training():
    x = numpy.ones(3)
    with kusari.using_config('train', False):
        y, mask = F.dropout(x, 0.9, return_mask=True)
    numpy.testing.assert_array_equal(y.array, x)
    assert mask is None


def test_bad_arguments():
    with pytest.raises(InvalidType, match='dropout: invalid ratio'):
        F.dropout(numpy.ones(3), 1.0)
    with pytest.raises(InvalidType, match='dropout: invalid x'):
        F.dropout(numpy.ones(3, numpy.int32))
    with pytest.raises(InvalidType, match='dropout: invalid mask'):
        F.dropout(numpy.ones(3), mask=numpy.ones(2))
    with pytest.raises(ValueError, match='train'):
        F.dropout(numpy.ones(3), train=True)


@attr.gpu
def test_gpu_mask_statistics():
    import cupy
    y, mask = F.dropout(cupy.ones((200, 100), cupy.float32), 0.3, return_mask=True)
    assert isinstance(mask, cupy.ndarray)
    assert abs(float((y.array != 0).mean()) - 0.7) < 0.02
