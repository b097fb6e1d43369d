import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links  # noqa: F401 - kusari.links.Linear
from kusari import gradient_check


def product_and_sum(a, b):
    return (a + b) * a, a * b


def test_values_and_gradients_match_the_plain_call():
    rng = numpy.random.RandomState(0)
    a_data, b_data = rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (3, 2))
    gys = rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (3, 2))
    a, b = kusari.Variable(a_data), kusari.Variable(b_data)
    ys = F.forget(product_and_sum, a, b)
    expected = product_and_sum(kusari.Variable(a_data), kusari.Variable(b_data))
    for y, e in zip(ys, expected):
        numpy.testing.assert_allclose(y.array, e.array)
    gradient_check.check_backward(lambda a, b: F.forget(product_and_sum, a, b),
                                  (a_data, b_data), gys, dtype=numpy.float64)


def test_keeps_no_intermediate_graph():
    a = kusari.Variable(numpy.ones(3))
    y = F.forget(lambda a: (a * 2) * 3, a)
    assert isinstance(y, kusari.Variable)
    # The output's creator takes a directly: (a * 2) was not recorded.
    assert y.creator.inputs[0] is a.node


def test_arrays_become_variables_and_recomputation_flag():
    seen = []

    def func(x):
        seen.append(kusari.config.in_recomputing)
        return x * x
    x = numpy.array([1.0, 2.0])
    y = F.forget(func, x)
    y.grad = numpy.ones(2)
    y.backward()
    assert seen == [False, True]


def test_only_some_outputs_used():
    a = kusari.Variable(numpy.array([1.0, 2.0]))
    b = kusari.Variable(numpy.array([3.0, 4.0]))
    _, prod = F.forget(product_and_sum, a, b)
    F.sum(prod).backward()
    numpy.testing.assert_array_equal(a.grad, b.array)


def test_errors():
    with pytest.raises(TypeError, match='callable'):
        F.forget(3, numpy.ones(2))
    with pytest.raises(RuntimeError, match='forget'):
        F.forget(lambda x: x.array, numpy.ones(2))
    for count, ordinal in [(0, '1st'), (1, '2nd'), (2, '3rd'), (3, '4th'), (10, '11th'),
                           (12, '13th'), (20, '21st'), (21, '22nd')]:
        with pytest.raises(RuntimeError, match='the {} element.* int'.format(ordinal)):
            F.forget(lambda x, count=count: (x,) * count + (1,), numpy.ones(2))
    x = kusari.Variable(numpy.ones(2))
    y = F.forget(lambda x: x * x, x)
    with pytest.raises(RuntimeError, match='double backpropagation'):
        kusari.grad([y], [x], [numpy.ones(2)], enable_double_backprop=True)


def test_parameters_used_inside_get_their_gradients():
    link = kusari.links.Linear(4, 2)
    link.cleargrads()
    x = kusari.Variable(numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32))
    F.sum(F.forget(link, x)).backward()
    expected_W_grad = numpy.ones((3, 2), numpy.float32).T @ x.array
    numpy.testing.assert_allclose(link.W.grad, expected_W_grad, rtol=1e-6)
    numpy.testing.assert_allclose(link.b.grad, [3, 3])
    numpy.testing.assert_allclose(x.grad, numpy.ones((3, 2)) @ link.W.array, rtol=1e-6)
