"""NumPy ufuncs with a Variable operand (kusari/_array_ufunc.py)."""

import numpy
import pytest

import kusari


def variable():
    return kusari.Variable(numpy.array([1., 2.], numpy.float32))


def test_numpy_math_on_a_variable_points_at_the_kusari_function():
    with pytest.raises(TypeError, match=r'numpy\.exp cannot compute on a Variable: use '
                       r'chainer\.functions\.exp \(F\.exp\).*numpy\.exp\(v\.array\)'):
        numpy.exp(variable())
    with pytest.raises(TypeError, match=r'numpy\.maximum .*F\.maximum'):
        numpy.maximum(numpy.zeros(2, numpy.float32), variable())


def test_array_operators_run_the_variables_operators_and_build_the_graph():
    v = variable()
    a = numpy.array([3., 5.], numpy.float32)
    for result, expected in [(a + v, [4., 7.]), (a - v, [2., 3.]), (a * v, [3., 10.]),
                             (a / v, [3., 2.5]), (a ** v, [3., 25.]),
                             (numpy.float32(2) * v, [2., 4.]), (numpy.add(a, v), [4., 7.])]:
        assert isinstance(result, kusari.Variable)
        numpy.testing.assert_allclose(result.array, expected, rtol=1e-6)
    y = a * v
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    numpy.testing.assert_allclose(v.grad, a)
    b = numpy.ones(2, numpy.float32)
    b += v  # as with array priority: the name now holds the Variable
    assert isinstance(b, kusari.Variable)
    with pytest.raises(TypeError, match='do not support the > operator'):
        _ = a < v


def test_what_numpy_does_with_an_object_array_is_kept():
    # As in Chainer, numpy.asarray and numpy.abs see a sequence of element Variables.
    v = variable()
    assert numpy.asarray(v).dtype == object
    absolute = numpy.abs(v)
    assert absolute.dtype == object and isinstance(absolute[0], kusari.Variable)
