import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _inputs(shape, delta):
    """|x - t| kept at least 0.1 away from delta (where the loss changes form)."""
    def make(dtype):
        x = numpy.random.uniform(-1, 1, shape)
        size = numpy.random.choice([0.2, 0.6, 1.4, 2.5], shape) * delta
        return x, x + size * numpy.random.choice([-1, 1], shape)
    return make


def _reference(delta, reduce):
    def reference(x, t):
        d = numpy.abs(x.astype(numpy.float64) - t)
        losses = numpy.where(d <= delta, d ** 2 / 2, delta * (d - delta / 2))
        if reduce == 'sum_along_second_axis':
            losses = losses.sum(axis=1)
        return losses.astype(x.dtype)
    return reference


@pytest.mark.parametrize('delta', [0.5, 1.0])
@pytest.mark.parametrize('reduce', ['sum_along_second_axis', 'no'])
@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2)])
def test_forward_backward(delta, reduce, shape):
    check_function(lambda x, t: F.huber_loss(x, t, delta, reduce), _inputs(shape, delta),
                   _reference(delta, reduce))


def test_elementwise_zero_dim():
    check_function(lambda x, t: F.huber_loss(x, t, 1.0, reduce='no'),
                   (numpy.array(0.5), numpy.array(3.0)),
                   lambda x, t: numpy.asarray(2.0, x.dtype))


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='huber_loss.*reduce'):
        F.huber_loss(x, x, 1.0, reduce='mean')
    with pytest.raises(InvalidType, match='huber_loss.*shapes of x and t'):
        F.huber_loss(x, x[:1], 1.0)
    with pytest.raises(InvalidType, match='huber_loss.*x.*ndim >= 2'):
        F.huber_loss(x[0], x[0], 1.0)
