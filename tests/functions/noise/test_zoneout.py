import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr
from kusari.utils.type_check import InvalidType


def test_mixes_h_and_x_with_the_ratio():
    numpy.random.seed(0)
    h, x = numpy.zeros((200, 100)), numpy.ones((200, 100))
    y = F.zoneout(h, x, ratio=0.3).array
    assert set(numpy.unique(y)) == {0.0, 1.0}
    assert abs((y == 0).mean() - 0.3) < 0.02


def test_gradient_follows_the_choice():
    numpy.random.seed(1)
    h = kusari.Variable(numpy.zeros((10, 10)))
    x = kusari.Variable(numpy.ones((10, 10)))
    y = F.zoneout(h, x, ratio=0.5)
    gy = numpy.random.uniform(-1, 1, (10, 10))
    gh, gx = kusari.grad([y], [h, x], [gy], enable_double_backprop=True)
    took_h = y.array == 0
    numpy.testing.assert_array_equal(gh.array, numpy.where(took_h, gy, 0))
    numpy.testing.assert_array_equal(gx.array, numpy.where(took_h, 0, gy))
    assert gh.creator is not None  # differentiable again


def test_flags_name_the_chosen_elements():
    # Chainer's attributes: flag_x where numpy.random.rand draws >= ratio, flag_h elsewhere.
    numpy.random.seed(2)
    draw = numpy.random.rand(4, 5)
    numpy.random.seed(2)
    h, x = kusari.Variable(numpy.zeros((4, 5))), kusari.Variable(numpy.ones((4, 5)))
    y = F.zoneout(h, x, ratio=0.4)
    node = y.creator
    numpy.testing.assert_array_equal(node.flag_x, draw >= 0.4)
    numpy.testing.assert_array_equal(node.flag_h, draw < 0.4)
    numpy.testing.assert_array_equal(y.array, node.flag_x)


def test_returns_x_outside_training():
    x = numpy.ones(3)
    with kusari.using_config('train', False):
        numpy.testing.assert_array_equal(F.zoneout(numpy.zeros(3), x).array, x)


def test_bad_arguments():
    with pytest.raises(InvalidType, match='zoneout: invalid h and x'):
        F.zoneout(numpy.zeros(3), numpy.zeros(2))
    with pytest.raises(InvalidType, match='zoneout: invalid ratio'):
        F.zoneout(numpy.zeros(3), numpy.zeros(3), ratio=1.5)
    with pytest.raises(ValueError, match='train'):
        F.zoneout(numpy.zeros(3), numpy.zeros(3), train=False)


@attr.gpu
def test_gpu_mixes_h_and_x():
    import cupy
    y = F.zoneout(cupy.zeros((100, 100)), cupy.ones((100, 100)), ratio=0.3).array
    assert abs(float((y == 0).mean()) - 0.3) < 0.03
