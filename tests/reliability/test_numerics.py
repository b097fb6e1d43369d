"""Numerics: debug mode finds the first NaN; losses are stable for large logits."""

import numpy
import pytest

import kusari
import kusari.functions as F


def test_debug_mode_names_first_function_producing_nan_with_its_stack():
    x = kusari.Variable(numpy.array([1.0, -1.0], numpy.float32))
    with kusari.using_config('debug', True):
        h = x * 2.0
        with numpy.errstate(invalid='ignore'):
            with pytest.raises(RuntimeError) as info:
                F.sqrt(h) if hasattr(F, 'sqrt') else F.log(h)
    message = str(info.value)
    assert 'NaN or Inf detected in the forward of' in message
    assert 'test_numerics.py' in message  # the stack where it was created


def test_debug_mode_checks_backward_too():
    class BadGrad(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, gys):
            return kusari.Variable(numpy.full(2, numpy.inf, numpy.float32)),

    x = kusari.Variable(numpy.ones(2, numpy.float32))
    with kusari.using_config('debug', True):
        y = F.sum(BadGrad().apply((x,))[0])
        with pytest.raises(RuntimeError, match='backward of BadGrad'):
            y.backward()


@pytest.mark.parametrize('scale', [1e4, -1e4])
def test_large_logits_are_stable_in_float32(scale):
    x = numpy.array([[1.0, 0.0, -1.0], [0.5, 2.0, -3.0]], numpy.float32) * scale
    t = numpy.array([0, 1], numpy.int32)
    xv = kusari.Variable(x)
    for value in (F.softmax(xv), F.log_softmax(xv), F.softmax_cross_entropy(xv, t)):
        assert numpy.isfinite(value.array).all()
    loss = F.softmax_cross_entropy(xv, t)
    loss.backward()
    assert numpy.isfinite(xv.grad).all()
    expected = -(x - x.max(axis=1, keepdims=True))[[0, 1], [0, 1]].mean()
    numpy.testing.assert_allclose(loss.array, expected, rtol=1e-5)
    s = F.sigmoid(kusari.Variable(numpy.array([scale], numpy.float32)))
    assert numpy.isfinite(s.array).all()
    if hasattr(F, 'logsumexp'):
        lse = F.logsumexp(xv, axis=1)
        numpy.testing.assert_allclose(lse.array, x.max(axis=1), rtol=1e-5)
    if hasattr(F, 'sigmoid_cross_entropy'):
        sce = F.sigmoid_cross_entropy(xv, numpy.ones_like(x, dtype=numpy.int32))
        assert numpy.isfinite(sce.array).all()
