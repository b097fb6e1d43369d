"""Bilinear, EmbedID, Highway, Bias, Scale and Parameter."""

import numpy
import pytest

import kusari
import kusari.links as L

RNG = numpy.random.RandomState(4)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def test_bilinear_forward_and_shapes(param_shapes):
    link = L.Bilinear(3, 4, 2)
    assert param_shapes(link) == {'/W': (3, 4, 2), '/V1': (3, 2), '/V2': (4, 2), '/b': (2,)}
    e1, e2 = RNG.randn(5, 3).astype('f'), RNG.randn(5, 4).astype('f')
    want = (numpy.einsum('ni,nj,ijk->nk', e1, e2, link.W.array) + e1 @ link.V1.array
            + e2 @ link.V2.array + link.b.array)
    numpy.testing.assert_allclose(link(e1, e2).array, want, rtol=1e-4, atol=1e-5)


def test_bilinear_nobias_and_bias_initializers(param_shapes):
    assert param_shapes(L.Bilinear(2, 3, 4, nobias=True)) == {'/W': (2, 3, 4)}
    link = L.Bilinear(2, 3, 4, initial_bias=(1.0, 2.0, 3.0))
    assert (link.V1.array == 1).all() and (link.V2.array == 2).all() and (link.b.array == 3).all()
    with pytest.raises(ValueError, match='initial_bias'):
        L.Bilinear(2, 3, 4, initial_bias=1.0)
    # initial arrays of another shape: an AssertionError, as Chainer's
    with pytest.raises(AssertionError, match='initialW has shape'):
        L.Bilinear(2, 3, 4, initialW=numpy.zeros((3, 3, 4)))
    with pytest.raises(AssertionError, match='initial b has shape'):
        L.Bilinear(2, 3, 4, initial_bias=(1.0, 2.0, numpy.zeros(5)))


def test_bilinear_gradients(check_link_backward):
    with kusari.using_config('dtype', numpy.float64):
        link = L.Bilinear(2, 3, 2)
    check_link_backward(link, RNG.randn(3, 2), RNG.randn(3, 3))


def test_embed_id_lookup_and_ignore_label():
    link = L.EmbedID(5, 3, ignore_label=-1)
    assert link.W.shape == (5, 3)
    ids = numpy.array([[0, 4], [-1, 2]], numpy.int32)
    y = link(ids).array
    assert y.shape == (2, 2, 3)
    numpy.testing.assert_array_equal(y[0, 1], link.W.array[4])
    numpy.testing.assert_array_equal(y[1, 0], 0)


def test_embed_id_default_initializer_is_unit_normal():
    numpy.random.seed(0)
    assert abs(L.EmbedID(200, 100).W.array.std() - 1.0) < 0.02


def test_highway_formula():
    link = L.Highway(4)
    assert (link.transform.b.array == -1).all()
    x = RNG.randn(3, 4).astype('f')
    plain = numpy.maximum(x @ link.plain.W.array.T + link.plain.b.array, 0)
    gate = _sigmoid(x @ link.transform.W.array.T + link.transform.b.array)
    numpy.testing.assert_allclose(link(x).array, plain * gate + x * (1 - gate), rtol=1e-5,
                                  atol=1e-6)


def test_bias_link():
    link = L.Bias(axis=1, shape=(3, 4))
    link.b.array[...] = RNG.randn(3, 4)
    x = RNG.randn(2, 3, 4, 5).astype('f')
    numpy.testing.assert_allclose(link(x).array, x + link.b.array[None, :, :, None],
                                  rtol=1e-6)
    free = L.Bias(axis=2)
    assert list(free.params()) == []
    y = RNG.randn(4, 5).astype('f')
    numpy.testing.assert_allclose(free(x, y).array, x + y, rtol=1e-6)


def test_scale_link_with_bias(param_shapes):
    link = L.Scale(axis=1, W_shape=(3,), bias_term=True)
    assert param_shapes(link) == {'/W': (3,), '/bias/b': (3,)}
    assert (link.W.array == 1).all()
    link.W.array[...] = [1, 2, 3]
    link.bias.b.array[...] = [0.5, 0, -0.5]
    x = RNG.randn(2, 3, 2).astype('f')
    want = x * numpy.array([1, 2, 3])[:, None] + numpy.array([0.5, 0, -0.5])[:, None]
    numpy.testing.assert_allclose(link(x).array, want, rtol=1e-6)


def test_scale_link_with_given_weight():
    link = L.Scale(axis=0, bias_term=True, bias_shape=(2,))
    x, w = RNG.randn(2, 3).astype('f'), RNG.randn(2).astype('f')
    numpy.testing.assert_allclose(link(x, w).array, x * w[:, None], rtol=1e-6)
    with pytest.raises(ValueError, match='bias_shape'):
        L.Scale(bias_term=True)


@pytest.mark.parametrize('debug, error', [(False, ValueError), (True, AssertionError)])
def test_scale_and_bias_links_count_their_inputs(debug, error):
    # As Chainer: an AssertionError in debug mode, a ValueError otherwise.
    x = RNG.randn(2, 3).astype('f')
    with kusari.using_config('debug', debug):
        with pytest.raises(error, match='Scale: expected 1 input'):
            L.Scale(W_shape=(3,))(x, x[0])
        with pytest.raises(error, match='Scale: expected 2 input'):
            L.Scale()(x)
        with pytest.raises(error, match='Bias: expected 1 input'):
            L.Bias(shape=(3,))(x, x[0])
        with pytest.raises(error, match='Bias: expected 2 input'):
            L.Bias()(x)


def test_parameter_link():
    array = numpy.arange(3.0, dtype='f')
    link = L.Parameter(array)
    assert link() is link.W
    numpy.testing.assert_array_equal(link.W.array, array)
    assert [n for n, _ in link.namedparams()] == ['/W']
