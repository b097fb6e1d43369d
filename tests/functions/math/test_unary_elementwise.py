"""The elementwise functions of one input written on UnaryElementwise: plain classes
with Chainer's names, the function's documentation, and what each one retains."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.functions.math._elementwise import UnaryElementwise
from kusari.functions.math.exponential import Exp, Log
from kusari.functions.math.sqrt import RsqrtGPU
from kusari.functions.math.trigonometric import Sin


@pytest.mark.parametrize('function, node_class, label', [
    (F.exp, Exp, 'exp'), (F.log, Log, 'log'), (F.sin, Sin, 'sin')])
def test_names_and_module(function, node_class, label):
    x = kusari.Variable(numpy.array([0.5, 2.0], numpy.float32))
    y = function(x)
    assert type(y.creator) is node_class and y.creator.label == label
    assert function.__name__ == label and function.__module__ == node_class.__module__
    assert node_class.__qualname__ == node_class.__name__
    assert 'Args:' in function.__doc__ and 'Returns:' in function.__doc__


def test_a_node_named_apart_from_its_label():
    # Chainer's name for the fused GPU node of rsqrt
    y = RsqrtGPU().apply((numpy.array([4.0]),))[0]
    assert y.creator.label == 'rsqrt' and RsqrtGPU.__module__ == 'kusari.functions.math.sqrt'
    numpy.testing.assert_allclose(y.array, [0.5])


def test_derivative_gets_what_the_class_retains():
    # exp's derivative uses y, log's x: each keeps only that
    assert (Exp._input_indexes_to_retain, Exp._output_indexes_to_retain) == (None, (0,))
    assert (Log._input_indexes_to_retain, Log._output_indexes_to_retain) == ((0,), None)
    x = kusari.Variable(numpy.array([0.5, 2.0]))
    y = F.exp(x)
    assert x.node.data is None  # x not kept
    gx, = kusari.grad([y], [x], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.array, numpy.exp(x.array))


def test_a_function_of_its_own():
    class Cube(UnaryElementwise):
        name = label = 'cube'
        _input_indexes_to_retain = (0,)
        compute = staticmethod(lambda xp, x: x * x * x)
        derivative = staticmethod(lambda x, y, gy: gy * 3 * x * x)

    def cube(x):
        return Cube().apply((x,))[0]

    kusari.testing.check_function(cube, numpy.linspace(-1, 1, 6), lambda x: x * x * x)
