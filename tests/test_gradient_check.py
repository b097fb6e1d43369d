"""The numerical gradient checkers catch wrong gradients and accept right ones."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import gradient_check


class WrongGrad(kusari.FunctionNode):
    def forward(self, inputs):
        return inputs[0] * 3,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2.9,  # wrong on purpose


class FirstOrderOnly(kusari.FunctionNode):
    """Right first derivative of x**3, but its backward is not differentiable."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 3,

    def backward(self, indexes, grad_outputs):
        x = self.inputs[0].data
        return kusari.Variable(3 * x ** 2) * grad_outputs[0],


def test_numerical_grad_matches_analytic_derivative():
    x = numpy.array([0.3, -1.2, 2.0])
    gy = numpy.array([1.0, 2.0, 0.5])
    gx, = gradient_check.numerical_grad(lambda: (numpy.sin(x),), (x,), (gy,), eps=1e-4)
    numpy.testing.assert_allclose(gx, numpy.cos(x) * gy, rtol=1e-6)


def test_numerical_grad_detects_kink():
    x = numpy.array([0.0])
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.numerical_grad(lambda: (numpy.abs(x),), (x,), (numpy.ones(1),),
                                      detect_nondifferentiable=True)


def test_check_backward_accepts_right_and_rejects_wrong_gradients():
    x = numpy.random.randn(4, 3)
    gy = numpy.random.randn(4, 3)
    gradient_check.check_backward(F.tanh, x, gy)
    with pytest.raises(AssertionError, match='check_backward failed'):
        gradient_check.check_backward(lambda x: WrongGrad().apply((x,))[0], x, gy)


def test_check_backward_with_params_and_no_grads():
    W = kusari.Parameter(numpy.random.randn(2, 3))
    x = numpy.random.randn(5, 3)
    t = numpy.random.randint(0, 2, size=5).astype(numpy.int32)
    gradient_check.check_backward(
        lambda x, t: F.softmax_cross_entropy(F.linear(x, W), t), (x, t), None, params=(W,))


def test_check_backward_dtype_option_uses_float64_numerics():
    x = numpy.random.randn(3).astype(numpy.float32)
    gradient_check.check_backward(F.exp, x, numpy.ones(3, numpy.float32), dtype=numpy.float64,
                                  atol=1e-4, rtol=1e-3)


def test_numerical_part_runs_without_type_checks():
    # As Chainer: the inputs cast to dtype=float64 may meet parameters of another dtype (a
    # float32 bias of a 2-d deconvolution, which its type check would refuse otherwise).
    b = kusari.Parameter(numpy.random.randn(2).astype(numpy.float32))
    W = numpy.random.randn(3, 2, 2, 2).astype(numpy.float32)
    x = numpy.random.randn(1, 3, 2, 2).astype(numpy.float32)
    gy = numpy.random.randn(1, 2, 3, 3).astype(numpy.float32)
    gradient_check.check_backward(lambda x: F.deconvolution_2d(x, W, b), x, gy, dtype=numpy.float64,
                                  atol=1e-3, rtol=1e-3)
    assert kusari.config.type_check


def test_check_double_backward_catches_non_differentiable_backward():
    x = numpy.random.randn(3) + 2
    gy = numpy.random.randn(3)
    ggx = numpy.random.randn(3)
    gradient_check.check_double_backward(lambda x: x ** 3, x, gy, ggx)
    with pytest.raises(AssertionError):
        gradient_check.check_double_backward(
            lambda x: FirstOrderOnly().apply((x,))[0], x, gy, ggx)


def test_none_inputs_and_output_gradients_pass_through_as_none():
    # as in Chainer: a None input reaches the function as None and gets no gradient
    def scaled(x, scale):
        return x * 2 if scale is None else x * scale
    x = numpy.random.uniform(-1, 1, (3,))
    gradient_check.check_backward(scaled, (x, None), numpy.ones(3))
    # a None output gradient: that output takes no part, also in double backprop
    ggx = numpy.random.uniform(-1, 1, (3, 8))
    gradient_check.check_double_backward(
        F.lstm, (numpy.random.uniform(-1, 1, (3, 2)), numpy.random.uniform(-1, 1, (3, 8))),
        (None, numpy.random.uniform(-1, 1, (3, 2))), (numpy.zeros((3, 2)), ggx),
        dtype=numpy.float64)


def test_assert_allclose_is_deprecated_and_compares():
    with pytest.warns(DeprecationWarning, match='testing.assert_allclose'):
        gradient_check.assert_allclose(numpy.ones(2), numpy.ones(2) + 1e-7)
    with pytest.warns(DeprecationWarning), pytest.raises(AssertionError):
        gradient_check.assert_allclose(numpy.ones(2), numpy.zeros(2))


def test_numerical_grad_takes_scalar_output_gradients_and_refuses_bad_input():
    x = numpy.array([1.0, 2.0])
    gx, = gradient_check.numerical_grad(lambda: (x * x,), (x,), (1,))
    numpy.testing.assert_allclose(gx, 2 * x, rtol=1e-6)
    with pytest.raises(AssertionError, match='eps must be positive'):
        gradient_check.numerical_grad(lambda: (x,), (x,), (1,), eps=0)
    with pytest.raises(RuntimeError, match='float'):
        gradient_check.numerical_grad(lambda: (x,), (numpy.array([1]),), (1,))


@pytest.mark.parametrize('f, x, kink', [
    (numpy.abs, 0.0, True),
    (lambda x: x ** 2, 0.0, False),
    (lambda x: numpy.floor(x), 99.9988, False),  # constant around the point
    (numpy.log, -1.0, False),  # NaN on both sides: not a kink
    (lambda x: numpy.where(x > 0, numpy.log(numpy.abs(x) + 1e-300), numpy.nan), 0.0, True),
])
def test_nondifferentiable_points_are_detected_by_a_quadratic_fit(f, x, kink):
    x = numpy.array([x])

    def run():
        with numpy.errstate(all='ignore'):
            return gradient_check.numerical_grad(lambda: (f(x),), (x,), (numpy.ones(1),),
                                                 detect_nondifferentiable=True)
    if kink:
        with pytest.raises(gradient_check.NondifferentiableError):
            run()
    else:
        run()


def test_identity_output_is_copied_before_the_input_is_restored():
    x = numpy.array([0.5, -0.25])
    gx, = gradient_check.numerical_grad(lambda: (x,), (x,), (numpy.ones(2),),
                                        detect_nondifferentiable=True)
    numpy.testing.assert_allclose(gx, [1.0, 1.0])


def test_sample_unit_vector_has_no_tiny_elements():
    v = gradient_check._CheckBackward._sample_unit_vector(64, numpy)
    numpy.testing.assert_allclose((v * v).sum(), 1.0)
    assert numpy.abs(v).min() >= 0.1 / 8 and v.min() < 0 < v.max()


def test_no_grads_flags_an_input_that_gets_a_gradient():
    def f(x, y):
        return x + y.array,
    with pytest.raises(RuntimeError, match='no_grads'):
        gradient_check.check_backward(f, (numpy.ones(1, 'f'), numpy.ones(1, 'f')),
                                      numpy.ones(1, 'f'), no_grads=[True, True])
