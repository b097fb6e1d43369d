import numpy
import pytest

import kusari
from kusari.distributions import utils
from kusari.utils.type_check import InvalidType


def test_xlogy_limits_and_gradient():
    x = kusari.Variable(numpy.array([0.0, 2.0, -1.0, 0.5]))
    y = kusari.Variable(numpy.array([0.0, 0.0, 0.0, 3.0]))
    out = utils.xlogy(x, y)
    numpy.testing.assert_array_equal(out.array[:3], [0.0, -numpy.inf, numpy.inf])
    numpy.testing.assert_allclose(out.array[3], 0.5 * numpy.log(3))
    out.grad = numpy.ones(4)
    out.backward()
    numpy.testing.assert_allclose(x.grad, [0.0, 0.0, 0.0, numpy.log(3)])
    numpy.testing.assert_allclose(y.grad, [0.0, 0.0, 0.0, 0.5 / 3])


def test_modified_xlogx_values_and_zero_gradient_warning():
    x = kusari.Variable(numpy.array([0.0, 0.5], numpy.float32))
    y = utils._modified_xlogx(x)
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(y.array, [0.0, 0.5 * numpy.log(0.5)], rtol=1e-6)
    with pytest.warns(RuntimeWarning, match='_modified_xlogx: cannot calculate the gradient'):
        kusari.functions.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, [0.0, 1 + numpy.log(0.5)], rtol=1e-6)


def test_modified_xlogx_gradients(check_grad, check_double_grad):
    x = numpy.random.RandomState(0).uniform(0.1, 1, (2, 3))
    check_grad(utils._modified_xlogx, (x,))
    check_double_grad(utils._modified_xlogx, (x,))


def test_safe_log():
    x = kusari.Variable(numpy.array([0.0, 0.5]))
    numpy.testing.assert_array_equal(utils.safe_log(x).array, [-numpy.inf, numpy.log(0.5)])


def test_as_params_checks_and_broadcasts():
    loc = kusari.Variable(numpy.zeros((2, 3), numpy.float32))
    same, broadcast = utils.as_params('Demo', loc=loc, scale=numpy.ones(3, numpy.float32))
    assert same is loc and broadcast.shape == (2, 3)
    with pytest.raises(InvalidType, match='Demo: invalid loc: expected a Variable or a '
                                          'numpy/cupy array, but got list'):
        utils.as_params('Demo', loc=[1.0])
    with pytest.raises(InvalidType, match='Demo: invalid loc: expected a floating-point array'):
        utils.as_params('Demo', loc=numpy.zeros(2, numpy.int64))


def test_parse_kwargs():
    assert utils.parse_kwargs('Demo', {'b': 1}, 'a', 'b') == (None, 1)
    with pytest.raises(TypeError, match='Demo: got unexpected keyword argument.*c; it takes a, b'):
        utils.parse_kwargs('Demo', {'c': 1}, 'a', 'b')


def test_as_points_casts_data_and_keeps_float_variables():
    like = kusari.Variable(numpy.zeros(2, numpy.float32))
    assert utils.as_points(numpy.array([1, 0]), like).dtype == numpy.float32
    assert utils.as_points(kusari.Variable(numpy.array([1, 0])), like).dtype == numpy.float32
    x = kusari.Variable(numpy.ones(2, numpy.float32))
    assert utils.as_points(x, like) is x


def test_draw_categories_frequencies_and_range():
    numpy.random.seed(0)
    p = numpy.array([[0.5, 0.0, 0.5], [0.0, 0.0, 1.0]], numpy.float32)
    draws = utils.draw_categories(p, 20000)
    assert draws.shape == (20000, 2) and draws.dtype == numpy.int64
    numpy.testing.assert_allclose(numpy.bincount(draws[:, 0], minlength=3) / 20000,
                                  [0.5, 0.0, 0.5], atol=0.015)
    assert (draws[:, 1] == 2).all()


def test_class_indices():
    numpy.testing.assert_array_equal(utils.class_indices('Demo', numpy.array([2.0, 0.0]), 3),
                                     [2, 0])
    with pytest.raises(InvalidType, match=r'Demo.log_prob: invalid x: expected class indices '
                                          r'in \[0, 3\), but got values in \[-1, 0\]'):
        utils.class_indices('Demo', numpy.array([-1, 0]), 3)


def test_noncontiguous_parameters():
    from kusari.distributions import Normal
    loc = numpy.arange(6.0).reshape(2, 3).T
    scale = numpy.ones((2, 3)).T
    dist = Normal(loc, scale)
    numpy.testing.assert_allclose(dist.log_prob(loc + 1).array, numpy.full((3, 2), -0.5 - 0.5 *
                                                                          numpy.log(2 * numpy.pi)))
