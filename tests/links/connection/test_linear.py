import numpy
import pytest

import kusari
import kusari.links as L
from kusari.utils.type_check import InvalidType


def test_shapes_and_forward():
    link = L.Linear(3, 4)
    assert link.W.shape == (4, 3) and link.b.shape == (4,)
    assert (link.b.array == 0).all()
    x = numpy.random.RandomState(0).randn(5, 3).astype(numpy.float32)
    numpy.testing.assert_allclose(link(x).array, x @ link.W.array.T + link.b.array,
                                  rtol=1e-6)


def test_lazy_input_size_and_batch_axes():
    link = L.Linear(4)
    assert link.W.array is None
    x = numpy.ones((2, 3, 5), numpy.float32)
    y = link(x, n_batch_axes=2)
    assert link.W.shape == (4, 5) and y.shape == (2, 3, 4)
    assert L.Linear(None, 4)(x).shape == (2, 4)


def test_initialize_params_takes_the_input_size():
    link = L.Linear(None, 4)
    link._initialize_params(7)  # Chainer's lazy-initialization entry point
    assert link.W.shape == (4, 7) and link.in_size == 7


def test_from_params():
    W = numpy.arange(6.0, dtype=numpy.float32).reshape(2, 3)
    link = L.Linear.from_params(W)
    numpy.testing.assert_array_equal(link.W.array, W)
    numpy.testing.assert_array_equal(link.b.array, [0, 0])  # a bias unless nobias, as Chainer
    W[0, 0] = 100
    assert link.W.array[0, 0] == 0  # a copy
    # Variables (another link's parameters) are taken too.
    link2 = L.Linear.from_params(link.W, link.b)
    numpy.testing.assert_array_equal(link2.W.array, link.W.array)
    assert L.Linear.from_params(link.W, link.b, nobias=True).b is None
    with pytest.raises(ValueError, match='size of b'):
        L.Linear.from_params(W, numpy.zeros(3, numpy.float32))


def test_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.Linear(3, 2)
    check_link_backward(link, numpy.random.RandomState(1).randn(4, 3))


def test_initializers_are_used():
    link = L.Linear(2, 3, initialW=2.0, initial_bias=numpy.arange(3.0, dtype='f'))
    assert (link.W.array == 2).all()
    numpy.testing.assert_array_equal(link.b.array, [0, 1, 2])
    with pytest.raises(TypeError):
        L.Linear(2, 3, initialW='ones')


@pytest.mark.parametrize('in_size', [4, None])
def test_one_example_without_batch_axis_says_to_add_it(in_size):
    link = L.Linear(in_size, 2)
    with pytest.raises(InvalidType, match=r'linear: invalid x: expected an array of shape '
                                          r'\(batch_size, in_size\).*x\[None\].*got shape \(4,\)'):
        link(numpy.zeros(4, numpy.float32))
    assert link(numpy.zeros((1, 4), numpy.float32)).shape == (1, 2)  # W was not sized from x
