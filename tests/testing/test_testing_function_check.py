import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import testing
from kusari.testing import function_check


class Cube(kusari.FunctionNode):

    def __init__(self, scale=3):
        self.scale = scale

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        return numpy.asarray(x * x * x),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return self.scale * x * x * grad_outputs[0],


class CubeFlatBackward(Cube):
    """Right first-order gradient, but computed outside the graph."""

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return kusari.Variable(3 * x.array * x.array * grad_outputs[0].array),


class CubeInPlace(Cube):

    def forward(self, inputs):
        x, = inputs
        x += 0
        x[...] = x * 1.5
        return numpy.asarray(x * x * x),


class Abs(kusari.FunctionNode):
    """|x|: at 0 its one-sided slopes along any direction differ."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        return numpy.abs(inputs[0]),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return kusari.Variable(numpy.sign(x.array)) * grad_outputs[0],


def absolute(x):
    return Abs().apply((x,))[0]


def cube(x, node=Cube):
    return node().apply((x,))[0]


def _x(shape=(3, 4)):
    return numpy.random.RandomState(0).uniform(-1, 1, shape)


@pytest.mark.parametrize('shape', [(3, 4), (5,), ()])
def test_correct_function_passes(shape):
    testing.check_function(cube, _x(shape), lambda x: x ** 3)


def test_existing_functions():
    x = _x()
    testing.check_function(F.exp, x, numpy.exp)
    testing.check_function(lambda x: F.sum(x, axis=1), x, lambda x: x.sum(axis=1))
    testing.check_function(F.matmul, (_x((2, 3)), _x((3, 4))), lambda a, b: a @ b)


def test_integer_inputs_get_no_gradient():
    x = _x((4, 3))
    t = numpy.array([0, 2, 1, 2], numpy.int32)

    def reference(x, t):
        x64 = x.astype(numpy.float64)
        log_p = x64 - numpy.log(numpy.exp(x64).sum(axis=1, keepdims=True))
        return numpy.asarray(-log_p[numpy.arange(4), t].mean(), dtype=x.dtype)
    testing.check_function(F.softmax_cross_entropy, (x, t), reference)


def test_wrong_gradient_is_caught():
    with pytest.raises(testing.FunctionTestError,
                       match=r'\[float16\] backward \(non-contiguous\) failed'):
        testing.check_function(lambda x: cube(x, lambda: Cube(scale=3.1)), _x(),
                               lambda x: x ** 3)


def test_non_differentiable_backward_is_caught():
    testing.check_function(lambda x: cube(x, CubeFlatBackward), _x(), lambda x: x ** 3,
                           double_backward=False)
    with pytest.raises(testing.FunctionTestError, match=r'\[float16\] double backward'):
        testing.check_function(lambda x: cube(x, CubeFlatBackward), _x(), lambda x: x ** 3)


def test_wrong_forward_is_caught():
    with pytest.raises(testing.FunctionTestError,
                       match=r'\[float16\] forward \(Variable inputs, C-contiguous\) failed'):
        testing.check_function(cube, _x(), lambda x: x ** 3 + 0.1)


def test_dtype_mismatch_is_caught():
    with pytest.raises(testing.FunctionTestError, match='cast the reference result'):
        testing.check_function(cube, _x(), lambda x: x.astype(numpy.float64) ** 3)


def test_shape_and_count_mismatch():
    with pytest.raises(testing.FunctionTestError, match=r'output 0 is \(3, 4\) float16'):
        testing.check_function(cube, _x(), lambda x: (x ** 3)[0])
    with pytest.raises(testing.FunctionTestError, match='1 outputs, the reference gives 2'):
        testing.check_function(cube, _x(), lambda x: (x ** 3, x))


def test_in_place_modification_is_caught():
    with pytest.raises(testing.FunctionTestError, match='input 0 was modified in place'):
        testing.check_function(lambda x: cube(x, CubeInPlace), _x(), None)


def test_raw_array_inputs_are_checked():
    def needs_variable(x):
        return x * x  # an ndarray for ndarray input: not a kusari function
    with pytest.raises(testing.FunctionTestError,
                       match=r'(?s)forward \(array inputs, non-contiguous\).*not a Variable'):
        testing.check_function(needs_variable, _x(), lambda x: x * x)
    testing.check_function(needs_variable, _x(), lambda x: x * x, noncontiguous=False)


def test_noncontiguous_arrays_reach_the_function():
    layouts = []

    def spy(x):
        layouts.append(kusari.as_array(x).flags.c_contiguous)
        return cube(x)
    testing.check_function(spy, _x(), lambda x: x ** 3, dtypes=[numpy.float64],
                           double_backward=False)
    # Forward with Variables (C), forward with arrays (non-C), backward's analytical pass.
    assert layouts[:3] == [True, False, False]


def test_per_dtype_options():
    def biased(x):
        return x ** 3 + 1e-3

    with pytest.raises(testing.FunctionTestError, match=r'\[float32\]'):
        testing.check_function(cube, _x(), biased, dtypes=[numpy.float32, numpy.float64],
                               backward=False, double_backward=False)
    testing.check_function(cube, _x(), biased, dtypes=[numpy.float32, numpy.float64],
                           forward_options={numpy.float32: {'atol': 2e-3},
                                            'float64': {'atol': 2e-3}},
                           backward=False, double_backward=False)
    testing.check_function(cube, _x(), biased, dtypes=[numpy.float32],
                           forward_options={'atol': 2e-3}, backward=False,
                           double_backward=False)


def test_options_validation():
    with pytest.raises(TypeError, match='mixes dtype keys and option names'):
        testing.check_function(cube, _x(), None, forward_options={numpy.float32: {}, 'atol': 1})
    with pytest.raises(TypeError, match='backward_options must be a dict'):
        testing.check_function(cube, _x(), None, backward_options=[('atol', 1)])
    with pytest.raises(ValueError, match='dtypes must be floating'):
        testing.check_function(cube, _x(), None, dtypes=[numpy.int32])
    with pytest.raises(TypeError, match='input 0 must be a numpy.ndarray'):
        testing.check_function(cube, [1.0, 2.0], None)


def test_options_reach_the_gradient_check(monkeypatch):
    from kusari import gradient_check
    seen = []
    original = gradient_check.check_backward

    def spy(*args, **kwargs):
        seen.append(kwargs)
        return original(*args, **kwargs)
    monkeypatch.setattr(gradient_check, 'check_backward', spy)
    testing.check_function(cube, _x(), lambda x: x ** 3, dtypes=[numpy.float32],
                           backward_options={'eps': 1e-2}, double_backward=False)
    assert seen == [{'detect_nondifferentiable': False, 'atol': 1e-4, 'rtol': 1e-3,
                     'eps': 1e-2, 'dtype': numpy.float64}]


def test_dodge_nondifferentiable():
    draws = []

    def inputs(dtype):
        x = numpy.zeros(3) if not draws else numpy.random.uniform(0.2, 1, 3)
        draws.append(x)
        return x
    testing.check_function(absolute, inputs, numpy.abs, dtypes=[numpy.float64],
                           dodge_nondifferentiable=True)
    assert len(draws) == 2


def test_dodge_needs_callable_inputs():
    with pytest.raises(TypeError, match='needs inputs as a callable'):
        testing.check_function(absolute, _x(), None, dodge_nondifferentiable=True)


def test_gives_up_after_repeated_kinks():
    with pytest.raises(testing.FunctionTestError, match='non-differentiable point in all of 10'):
        testing.check_function(absolute, lambda dtype: numpy.zeros(3), None,
                               dtypes=[numpy.float64], dodge_nondifferentiable=True)


def test_reproducible_and_leaves_global_state():
    drawn = []

    def inputs(dtype):
        drawn.append(numpy.random.uniform(size=3))
        return drawn[-1]
    numpy.random.seed(5)
    before = numpy.random.get_state()[1].copy()
    for _ in range(2):
        testing.check_function(cube, inputs, lambda x: x ** 3, dtypes=[numpy.float64])
    numpy.testing.assert_array_equal(drawn[0], drawn[1])
    numpy.testing.assert_array_equal(numpy.random.get_state()[1], before)


def test_default_options_cover_all_dtypes():
    for stage in ('forward', 'backward', 'double_backward'):
        assert set(function_check.DEFAULT_OPTIONS[stage]) == set(function_check.FLOAT_DTYPES)
