"""The old-style Function (kusari/function.py) and how backprop treats it."""

import sys
import types

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import Variable


class Scale(kusari.Function):
    """y = 3 x, with a backward that records which path it took."""

    def forward_cpu(self, inputs):
        return inputs[0] * 3,

    def backward_cpu(self, inputs, grad_outputs):
        self.path = 'cpu'
        return grad_outputs[0] * 3,

    def backward_gpu(self, inputs, grad_outputs):
        self.path = 'gpu'
        return grad_outputs[0] * 3,


class FakeGpuArray(numpy.ndarray):
    pass


def test_backward_takes_the_gpu_path_when_any_input_or_gradient_is_a_gpu_array(monkeypatch):
    monkeypatch.setitem(sys.modules, 'cupy', types.SimpleNamespace(ndarray=FakeGpuArray))
    f = Scale()
    cpu = numpy.ones(2, numpy.float32)
    gpu = cpu.view(FakeGpuArray)
    f.backward((None,), (gpu,))  # the first input was not retained; the gradient decides
    assert f.path == 'gpu'
    f.backward((cpu,), (cpu,))
    assert f.path == 'cpu'


def test_unretained_inputs_and_missing_output_gradients_reach_backward_as_none():
    seen = {}

    class Split(kusari.Function):
        def forward(self, inputs):
            self.retain_inputs((1,))
            self.retain_outputs((0,))
            x, w = inputs
            return x * w, x + w

        def backward(self, inputs, grad_outputs):
            seen['inputs'], seen['grads'], seen['outputs'] = inputs, grad_outputs, self.output_data
            return grad_outputs[0] * inputs[1], None

    x = Variable(numpy.array([1., 2.], numpy.float32))
    w = Variable(numpy.array([3., 4.], numpy.float32))
    y, _ = Split()(x, w)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert seen['inputs'][0] is None and seen['inputs'][1] is w.array
    assert seen['grads'][1] is None
    assert seen['outputs'][1] is None and seen['outputs'][0] is not None
    numpy.testing.assert_array_equal(x.grad, [3., 4.])


class Product(kusari.Function):
    """y = x * w with a backward that returns its gradients in the container it is given."""

    def __init__(self, container):
        self.container = container

    def forward(self, inputs):
        return inputs[0] * inputs[1],

    def backward(self, inputs, grad_outputs):
        x, w = inputs
        gy, = grad_outputs
        return self.container([gy * w, gy * x])


@pytest.mark.parametrize('container', [tuple, list])
def test_backward_may_return_a_tuple_or_a_list(container):
    x = Variable(numpy.array([1., 2.]))
    w = Variable(numpy.array([3., 5.]))
    y = Product(container)(x, w)
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [3., 5.])
    numpy.testing.assert_array_equal(w.grad, [1., 2.])


def test_a_gradient_that_is_not_an_array_names_the_function():
    class ReturnsAnInt(Product):
        label = 'returns_an_int'

        def backward(self, inputs, grad_outputs):
            return [1, None]

    y = ReturnsAnInt(tuple)(Variable(numpy.array(1.)), Variable(numpy.array(3.)))
    with pytest.raises(TypeError, match='returns_an_int gave input-index=0 an invalid '
                                        'gradient: .* but got int'):
        y.backward()


def test_backward_returning_neither_a_tuple_nor_a_list_is_refused():
    x = Variable(numpy.array([1., 2.]))
    y = Product(iter)(x, Variable(numpy.array([3., 5.])))
    y.grad = numpy.ones(2)
    with pytest.raises(TypeError, match='must return a tuple or a list of arrays, not'):
        y.backward()


def test_creator_is_the_function_and_the_graph_owns_it():
    x = Variable(numpy.ones(2, numpy.float32))
    f = Scale()
    y = f(x)
    assert y.creator is f and y.creator_node is f.node and f.node.function is f
    del f
    assert isinstance(y.creator, Scale)  # kept alive by the graph


def test_old_style_gradient_cannot_be_differentiated_again():
    x = Variable(numpy.ones(2, numpy.float32))
    y = F.sum(Scale()(x))
    y.backward(enable_double_backprop=True)
    numpy.testing.assert_array_equal(x.grad, [3., 3.])
    with pytest.raises(RuntimeError, match='twice-differentiate an old style Function "Scale"'):
        F.sum(x.grad_var).backward()


def test_grad_of_an_old_style_gradient_is_refused_before_its_inputs_are_checked():
    x = Variable(numpy.ones(2, numpy.float32))
    y = Scale()(x)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward(enable_double_backprop=True)
    with pytest.raises(RuntimeError, match='twice-differentiate'):
        kusari.grad([x.grad_var], [None])
