import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _inputs(dtype):
    """Scores with 1 - delta * x at least 0.1 away from 0 (the kink)."""
    x = numpy.random.uniform(0.1, 0.9, (5, 4)) * numpy.random.choice([-1, 1], (5, 4))
    x += numpy.random.choice([-1, 1], (5, 4))
    t = numpy.random.randint(0, 4, 5).astype(numpy.int32)
    return x, t


def _reference(norm, reduce):
    def reference(x, t):
        delta = -numpy.ones(x.shape)
        delta[numpy.arange(len(t)), t] = 1
        losses = numpy.maximum(0, 1 - delta * x.astype(numpy.float64))
        if norm == 'L2':
            losses = losses ** 2
        out = losses if reduce == 'no' else numpy.asarray(losses.sum() / len(x))
        return out.astype(x.dtype)
    return reference


@pytest.mark.parametrize('norm', ['L1', 'L2'])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_forward_backward(norm, reduce):
    check_function(lambda x, t: F.hinge(x, t, norm, reduce), _inputs,
                   _reference(norm, reduce))


def test_chainer_docstring_example():
    x = numpy.array([[-2.0, 3.0, 0.5], [5.0, 2.0, -0.5]], numpy.float32)
    t = numpy.array([1, 0], numpy.int32)
    assert float(F.hinge(x, t).array) == 2.5
    assert float(F.hinge(x, t, norm='L2').array) == 5.75
    numpy.testing.assert_array_equal(F.hinge(x, t, reduce='no').array,
                                     [[0, 0, 1.5], [0, 3, 0.5]])


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    t = numpy.zeros(2, numpy.int32)
    with pytest.raises(NotImplementedError, match='hinge.*norm'):
        F.hinge(x, t, norm='L3')
    with pytest.raises(InvalidType, match='hinge.*reduce'):
        F.hinge(x, t, reduce='sum')
    with pytest.raises(InvalidType, match=r'hinge.*t.*\[0, 3\).*label 3'):
        F.hinge(x, t + 3)
    with pytest.raises(InvalidType, match='hinge.*t.*shape'):
        F.hinge(x, t[:1])
    with pytest.raises(InvalidType, match='hinge.*t.*integer'):
        F.hinge(x, x[:, 0])
