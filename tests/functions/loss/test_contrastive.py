import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _inputs(margin):
    """Pairs whose distances stay away from 0 and from the margin (the kinks)."""
    def make(dtype):
        x0 = numpy.random.uniform(-1, 1, (5, 3))
        direction = numpy.random.normal(size=(5, 3))
        direction /= numpy.linalg.norm(direction, axis=1, keepdims=True)
        dist = numpy.array([0.3, 0.6, 1.5, 2.2, 0.8]) * margin
        y = numpy.array([1, 0, 0, 1, 0], numpy.int32)
        return x0, x0 + direction * dist[:, None], y
    return make


def _reference(margin, reduce):
    def reference(x0, x1, y):
        d = numpy.linalg.norm(x0.astype(numpy.float64) - x1, axis=1)
        losses = (y * d ** 2 + (1 - y) * numpy.maximum(margin - d, 0) ** 2) / 2
        out = losses if reduce == 'no' else numpy.asarray(losses.mean())
        return out.astype(x0.dtype)
    return reference


@pytest.mark.parametrize('margin', [1, 2.5])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_forward_backward(margin, reduce):
    check_function(
        lambda x0, x1, y: F.contrastive(x0, x1, y, margin, reduce),
        _inputs(margin), _reference(margin, reduce),
        backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
        double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 1e-1}})


def test_identical_pair_has_finite_zero_gradient():
    x0 = kusari.Variable(numpy.ones((2, 3), numpy.float32))
    x1 = kusari.Variable(numpy.ones((2, 3), numpy.float32))
    y = F.contrastive(x0, x1, numpy.array([1, 0], numpy.int32))
    y.backward()
    assert float(y.array) == pytest.approx(0.25)
    assert numpy.array_equal(x0.grad, numpy.zeros((2, 3)))


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    y = numpy.zeros(2, numpy.int32)
    with pytest.raises(InvalidType, match='contrastive.*margin'):
        F.contrastive(x, x, y, margin=0)
    with pytest.raises(InvalidType, match='contrastive.*reduce'):
        F.contrastive(x, x, y, reduce='sum')
    with pytest.raises(InvalidType, match='contrastive.*y'):
        F.contrastive(x, x, y[:1])
    with pytest.raises(InvalidType, match='contrastive.*x0'):
        F.contrastive(x[0], x[0], y)
