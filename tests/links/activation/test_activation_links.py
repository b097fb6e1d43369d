import numpy
import pytest

import kusari
import kusari.links as L
from kusari import initializers

RNG = numpy.random.RandomState(30)


def test_prelu():
    link = L.PReLU((3,))
    assert link.W.shape == (3,) and (link.W.array == 0.25).all()
    link.W.array[...] = [0.1, 0.2, 0.3]
    x = RNG.randn(2, 3, 4).astype('f')
    want = numpy.where(x > 0, x, x * numpy.array([0.1, 0.2, 0.3])[:, None])
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-6)
    assert L.PReLU().W.shape == ()


def test_swish_lazy_shape_and_formula():
    link = L.Swish(None, beta_init=2.0)
    x = RNG.randn(2, 3).astype('f')
    y = link(x).array
    assert link.beta.shape == (3,)
    numpy.testing.assert_allclose(y, x / (1 + numpy.exp(-2 * x)), rtol=1e-5)
    assert L.Swish((3,)).beta.shape == (3,)


def test_maxout_takes_the_max_of_linear_pieces():
    W = RNG.randn(2, 3, 4).astype('f')  # (out_size, pool_size, in_size), as in Chainer
    b = RNG.randn(2, 3).astype('f')
    link = L.Maxout(4, 2, 3, initialW=W, initial_bias=b)
    assert link.linear.W.shape == (6, 4)
    x = RNG.randn(5, 4).astype('f')
    want = (numpy.einsum('ni,opi->nop', x, W) + b).max(axis=2)
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-5, atol=1e-6)


def test_maxout_initializers():
    link = L.Maxout(3, 2, 2, initialW=lambda a: a.fill(1.5), initial_bias=None)
    assert link.linear.b is None and (link.linear.W.array == 1.5).all()
    # a plain callable sees Maxout's layout (out_size, pool_size, in_size)
    shapes = []
    L.Maxout(3, 2, 4, initialW=lambda a: shapes.append(a.shape))
    assert shapes == [(2, 4, 3)]
    # an Initializer object fills the Linear's weight, so its fans are the Linear's
    link = L.Maxout(3, 2, 4, initialW=initializers.Constant(2.0))
    assert link.linear.W.shape == (8, 3) and (link.linear.W.array == 2).all()
    with pytest.raises(ValueError, match='initialW must have shape'):
        L.Maxout(3, 2, 2, initialW=numpy.zeros((3, 2)))


def test_simplified_dropconnect():
    link = L.SimplifiedDropconnect(None, 3, ratio=0.5)
    x = RNG.randn(4, 5).astype('f')
    mask = (RNG.rand(4, 3, 5) > 0.5).astype('f')
    y = link(x, mask=mask).array
    assert link.W.shape == (3, 5) and link.b.shape == (3,)
    want = numpy.einsum('ni,noi->no', x, mask * link.W.array) / 0.5 + link.b.array
    numpy.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    test_mode = link(x, train=False).array
    numpy.testing.assert_allclose(test_mode, x @ link.W.array.T + link.b.array, rtol=1e-5,
                                  atol=1e-5)


def test_prelu_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.PReLU((2,))
    x = RNG.randn(3, 2)
    x[numpy.abs(x) < 0.1] = 0.5
    check_link_backward(link, x)
