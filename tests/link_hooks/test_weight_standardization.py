import numpy
import pytest

import kusari
import kusari.links as L
from kusari.link_hooks import WeightStandardization


def _standardized(W, eps=1e-5):
    flat = W.reshape(len(W), -1).astype(numpy.float64)
    mean = flat.mean(axis=1, keepdims=True)
    standardized = (flat - mean) / numpy.sqrt(flat.var(axis=1, keepdims=True) + eps)
    return standardized.reshape(W.shape).astype(W.dtype)


def test_forward_uses_the_standardized_weight():
    layer = L.Convolution2D(2, 3, 2, nobias=True)
    layer.add_hook(WeightStandardization())
    W = layer.W
    x = numpy.random.normal(size=(1, 2, 3, 3)).astype(numpy.float32)
    y = layer(x)
    assert layer.W is W
    expected = L.Convolution2D(2, 3, 2, nobias=True, initialW=_standardized(W.array))(x)
    numpy.testing.assert_allclose(y.array, expected.array, rtol=1e-3, atol=1e-4)


def test_gradient_reaches_the_parameter():
    layer = L.Linear(4, 3)
    layer.cleargrads()  # new parameters' gradients are NaN, as in Chainer
    layer.add_hook(WeightStandardization())
    kusari.functions.sum(layer(numpy.ones((2, 4), numpy.float32)) ** 2).backward()
    assert layer.W.grad is not None and numpy.isfinite(layer.W.grad).all()


def test_lazy_initialization_and_removal():
    layer = L.Linear(None, 3)
    hook = WeightStandardization(eps=1e-3, name='ws')
    layer.add_hook(hook)
    x = numpy.random.normal(size=(2, 5)).astype(numpy.float32)
    y1 = layer(x).array
    assert layer.W.shape == (3, 5)
    layer.delete_hook('ws')
    assert not numpy.allclose(layer(x).array, y1)


def test_errors():
    with pytest.raises(ValueError, match="no weight 'w'"):
        L.Linear(5, 2).add_hook(WeightStandardization(weight_name='w'))
    with pytest.raises(NotImplementedError):
        with WeightStandardization():
            pass
    with pytest.raises(TypeError):
        WeightStandardization(1e-5)  # keyword-only, as Chainer's
