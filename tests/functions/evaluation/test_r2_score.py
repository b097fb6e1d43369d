import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr
from kusari.utils.type_check import InvalidType


def reference(pred, true):
    residual = ((pred - true) ** 2).sum(axis=0)
    total = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
    return 1 - residual / total


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(10,), (10, 3), (8, 2, 2)])
def test_against_formula(dtype, shape):
    rng = numpy.random.RandomState(0)
    true = rng.uniform(-1, 1, shape)
    pred = true + rng.normal(0, 0.3, shape)
    raw = F.r2_score(pred.astype(dtype), true.astype(dtype), multioutput='raw_values')
    average = F.r2_score(pred.astype(dtype), true.astype(dtype))
    tolerance = 1e-2 if dtype == numpy.float16 else 1e-5
    assert raw.dtype == average.dtype == dtype and raw.shape == shape[1:]
    numpy.testing.assert_allclose(raw.array, reference(pred, true), rtol=tolerance)
    numpy.testing.assert_allclose(average.array, reference(pred, true).mean(), rtol=tolerance)


def test_constant_target_scores_zero():
    true = numpy.array([[1.0, 0.0], [1.0, 1.0]])
    pred = numpy.array([[2.0, 0.0], [0.0, 1.0]])
    numpy.testing.assert_array_equal(
        F.r2_score(pred, true, multioutput='raw_values').array, [0.0, 1.0])


def test_bad_arguments():
    x = numpy.zeros((3, 2))
    with pytest.raises(NotImplementedError, match='sample_weight'):
        F.r2_score(x, x, sample_weight=numpy.ones(3))
    with pytest.raises(InvalidType, match='r2_score: invalid multioutput'):
        F.r2_score(x, x, multioutput='variance_weighted')
    with pytest.raises(InvalidType, match='r2_score: invalid shapes'):
        F.r2_score(x, numpy.zeros((3, 3)))
    with pytest.raises(InvalidType, match='r2_score: invalid pred'):
        F.r2_score(numpy.zeros(3, numpy.int32), numpy.zeros(3))


@attr.gpu
def test_gpu_matches_cpu():
    import cupy
    rng = numpy.random.RandomState(4)
    pred, true = rng.uniform(size=(9, 3)), rng.uniform(size=(9, 3))
    gpu = F.r2_score(cupy.asarray(pred), cupy.asarray(true), multioutput='raw_values')
    numpy.testing.assert_allclose(cupy.asnumpy(gpu.array), reference(pred, true))
