import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _reference(x, t, normalize=True, reduce='mean'):
    x64 = x.astype(numpy.float64)
    p = 1 / (1 + numpy.exp(-x64))
    valid = t != -1
    losses = -(t * numpy.log(p) + (1 - t) * numpy.log(1 - p)) * valid
    if reduce == 'no':
        return losses.astype(x.dtype)
    count = valid.sum() if normalize else len(x)
    return numpy.asarray(losses.sum() / max(count, 1)).astype(x.dtype)


@pytest.mark.parametrize('normalize', [True, False])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2)])
def test_forward_backward(normalize, reduce, shape):
    x = numpy.random.uniform(-3, 3, shape)
    t = numpy.random.randint(-1, 2, shape).astype(numpy.int32)
    check_function(
        lambda x, t: F.sigmoid_cross_entropy(x, t, normalize, reduce),
        (x, t), lambda x, t: _reference(x, t, normalize, reduce))


def test_chainer_docstring_example():
    x = numpy.array([[-2.0, 3.0, 0.5], [5.0, 2.0, -0.5]], numpy.float32)
    t = numpy.array([[0, 1, 0], [1, 1, -1]], numpy.int32)
    assert float(F.sigmoid_cross_entropy(x, t).array) == pytest.approx(0.25664714, rel=1e-6)
    assert float(F.sigmoid_cross_entropy(x, t, normalize=False).array) == pytest.approx(
        0.64161783, rel=1e-6)


def test_stable_for_large_scores():
    x = kusari.Variable(numpy.array([1e4, -1e4, 1e4, -1e4], numpy.float32))
    t = numpy.array([1, 0, 0, 1], numpy.int32)
    y = F.sigmoid_cross_entropy(x, t, reduce='no')
    numpy.testing.assert_allclose(y.array, [0, 0, 1e4, 1e4])
    F.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, [0, 0, 1, -1])


def test_all_ignored_gives_zero():
    y = F.sigmoid_cross_entropy(numpy.ones((2, 2), numpy.float32),
                                numpy.full((2, 2), -1, numpy.int32))
    assert float(y.array) == 0


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    t = numpy.zeros((2, 3), numpy.int32)
    with pytest.raises(InvalidType, match='sigmoid_cross_entropy.*label 2'):
        F.sigmoid_cross_entropy(x, t + 2)
    with pytest.raises(InvalidType, match='sigmoid_cross_entropy.*shapes of x and t'):
        F.sigmoid_cross_entropy(x, t[:1])
    with pytest.raises(InvalidType, match='sigmoid_cross_entropy.*t.*integer'):
        F.sigmoid_cross_entropy(x, x)
    with pytest.raises(InvalidType, match='sigmoid_cross_entropy.*reduce'):
        F.sigmoid_cross_entropy(x, t, reduce='sum')


def test_empty_batch():
    x = kusari.Variable(numpy.zeros((0, 3), numpy.float32))
    y = F.sigmoid_cross_entropy(x, numpy.zeros((0, 3), numpy.int32))
    y.backward()
    assert float(y.array) == 0 and x.grad.shape == (0, 3)
