import unittest

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import initializers, testing, utils

CPU = testing.BackendConfig({})


class Square(kusari.FunctionNode):
    """x ** 2 with a differentiable backward."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        return utils.force_array(x * x),  # NumPy gives a scalar for 0-dim x

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2 * x * grad_outputs[0],


class Abs(kusari.FunctionNode):

    def forward(self, inputs):
        self.retain_inputs((0,))
        return numpy.abs(inputs[0]),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return kusari.Variable(numpy.sign(x.array)) * grad_outputs[0],


class SquareWrongGrad(Square):

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 3 * x * grad_outputs[0],


class SquareFlatBackward(Square):
    """Correct first-order gradient, computed outside the graph."""

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return kusari.Variable(2 * x.array * grad_outputs[0].array),


class SquareInPlace(Square):

    def forward(self, inputs):
        x, = inputs
        x *= 1.0001
        return numpy.asarray(x * x),


def _square_case(node_class, **attrs):
    class Case(testing.FunctionTestCase):
        def generate_inputs(self):
            return numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32),

        def forward(self, inputs, device):
            return node_class().apply(inputs)

        def forward_expected(self, inputs):
            x, = inputs
            return x * x,
    for k, v in attrs.items():
        setattr(Case, k, v)
    return Case()


class TestFunctionTestCaseCatchesBugs:

    def test_correct_function_passes(self):
        case = _square_case(Square)
        case.run_test_forward(CPU)
        case.run_test_backward(CPU)
        case.run_test_double_backward(CPU)

    def test_wrong_gradient(self):
        with pytest.raises(testing.FunctionTestError, match='backward is not implemented'):
            _square_case(SquareWrongGrad).run_test_backward(CPU)

    def test_backward_outside_the_graph(self):
        case = _square_case(SquareFlatBackward)
        case.run_test_backward(CPU)
        with pytest.raises(testing.FunctionTestError, match='double backward is not'):
            case.run_test_double_backward(CPU)

    def test_wrong_forward(self):
        case = _square_case(Square, forward_expected=lambda self, inputs: (inputs[0] * 3,))
        with pytest.raises(testing.FunctionTestError, match='Outputs do not match'):
            case.run_test_forward(CPU)

    def test_wrong_dtype(self):
        case = _square_case(
            Square, forward_expected=lambda self, inputs: (inputs[0].astype(numpy.float64) ** 2,))
        with pytest.raises(testing.FunctionTestError, match='Shapes and/or dtypes do not match'):
            case.run_test_forward(CPU)

    def test_input_modified_in_place(self):
        with pytest.raises(testing.FunctionTestError, match='Indices of modified inputs: 0'):
            _square_case(SquareInPlace).run_test_forward(CPU)

    def test_forward_must_return_a_tuple(self):
        case = _square_case(Square, forward=lambda self, inputs, device: Square().apply(inputs)[0])
        with pytest.raises(testing.FunctionTestError, match=r'forward\(\) must return a tuple'):
            case.run_test_forward(CPU)

    def test_generate_inputs_must_return_arrays(self):
        case = _square_case(Square, generate_inputs=lambda self: ([1.0, 2.0],))
        with pytest.raises(TypeError, match='generate_inputs'):
            case.run_test_forward(CPU)

    def test_numpy_scalar_hint(self):
        case = _square_case(Square, forward_expected=lambda self, inputs: (numpy.float32(1),))
        with pytest.raises(TypeError, match='wrap with numpy.asarray'):
            case.run_test_forward(CPU)


class TestFunctionTestCaseOptions:

    @pytest.mark.parametrize('test', ['forward', 'backward', 'double_backward'])
    def test_skip_flags(self, test):
        case = _square_case(Square, **{'skip_{}_test'.format(test): True})
        with pytest.raises(unittest.SkipTest, match='skip_{}_test is set'.format(test)):
            getattr(case, 'run_test_' + test)(CPU)

    @pytest.mark.parametrize('contiguous, expected', [(None, False), ('C', True)])
    def test_contiguity(self, contiguous, expected):
        seen = []

        def forward(self, inputs, device):
            seen.append(inputs[0].array.flags.c_contiguous)
            return Square().apply(inputs)
        case = _square_case(Square, forward=forward, contiguous=contiguous)
        case.run_test_forward(CPU)
        case.run_test_backward(CPU)
        # The forward test, then backward's analytical pass (the numerical
        # passes perturb fresh copies).
        assert seen[:2] == [expected, expected]

    def test_invalid_contiguous(self):
        with pytest.raises(ValueError, match='contiguous'):
            _square_case(Square, contiguous='F').run_test_forward(CPU)

    def test_before_test_and_passive_attributes(self):
        calls = []

        def before_test(self, test_name):
            calls.append((test_name, self.backend_config is CPU, self.test_name))
        case = _square_case(Square, before_test=before_test)
        case.run_test_forward(CPU)
        case.run_test_double_backward(CPU)
        assert calls == [('test_forward', True, 'test_forward'),
                         ('test_double_backward', True, 'test_double_backward')]

    def test_tolerance_options(self):
        case = _square_case(Square, forward_expected=lambda self, inputs: (inputs[0] ** 2 + 0.01,))
        case.check_forward_options = {'atol': 0.02}
        case.run_test_forward(CPU)
        case.check_backward_options = {'atol': 1e-3, 'rtol': 1e-2}
        case.run_test_backward(CPU)

    def test_generate_grad_outputs(self):
        grads = []

        def generate_grad_outputs(self, outputs_template):
            gy = numpy.ones_like(outputs_template[0])
            grads.append(gy)
            return gy,
        _square_case(Square, generate_grad_outputs=generate_grad_outputs).run_test_backward(CPU)
        assert len(grads) == 1

    def test_dodge_nondifferentiable(self):
        draws = []

        def generate_inputs(self):
            # The first draw sits on the kink of abs.
            x = numpy.zeros((2,), numpy.float32) if not draws else numpy.array(
                [0.5, -0.5], numpy.float32)
            draws.append(x)
            return x,
        case = _square_case(Square, generate_inputs=generate_inputs,
                            forward=lambda self, inputs, device: Abs().apply(inputs),
                            forward_expected=lambda self, inputs: (numpy.abs(inputs[0]),),
                            dodge_nondifferentiable=True)
        case.run_test_backward(CPU)
        assert len(draws) == 2


# Real use: a Chainer-style test class collected by pytest.
@testing.parameterize(*testing.product({'shape': [(3, 2), ()], 'dtype': [numpy.float32,
                                                                         numpy.float64]}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestSquareRealUse(testing.FunctionTestCase):

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        return Square().apply(inputs)

    def forward_expected(self, inputs):
        return numpy.asarray(inputs[0] ** 2),


class _LinearBase:
    param_names = ('W', 'b')

    def generate_params(self):
        return (numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32),
                numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32))

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 2)).astype(numpy.float32),

    def create_link(self, initializers):
        initial_w, initial_bias = initializers
        return L.Linear(2, 3, initialW=initial_w, initial_bias=initial_bias)


@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestLinearLinkRealUse(_LinearBase, testing.LinkTestCase):

    def forward_expected(self, link, inputs):
        x, = inputs
        return x.dot(link.W.array.T) + link.b.array,


@testing.inject_backend_tests(None, [{}])
class TestLinearInitializersRealUse(_LinearBase, testing.LinkInitializersTestCase):

    def get_initializers(self):
        return ([initializers.Constant(1), 2],
                [initializers.Constant(2), 3, testing.InitializerArgument(None, 0)])


class TestLinkTestCaseCatchesBugs:

    def _case(self, base, **attrs):
        cls = type('Case', (_LinearBase, base), attrs)
        return cls()

    def test_wrong_expectation(self):
        case = self._case(testing.LinkTestCase, forward_expected=lambda self, link, inputs: (
            inputs[0].dot(link.W.array.T),))
        with pytest.raises(testing.LinkTestError, match='Outputs do not match'):
            case.test_forward(CPU)

    def test_wrong_parameter_gradient(self):
        class BadLinear(L.Linear):
            def forward(self, x):
                # W's gradient is scaled by 2 while the value is unchanged.
                w = self.W * 2 - kusari.Variable(self.W.array)
                return F.linear(x, w, self.b)
        case = self._case(testing.LinkTestCase, forward_expected=None,
                          create_link=lambda self, inits: BadLinear(
                              2, 3, initialW=inits[0], initial_bias=inits[1]))
        with pytest.raises(testing.LinkTestError, match='backward is not implemented'):
            case.test_backward(CPU)

    def test_unknown_parameter_name(self):
        case = self._case(testing.LinkTestCase, param_names=('W', 'gamma'))
        with pytest.raises(testing.LinkTestError, match="no.* parameter named 'gamma'"):
            case.test_backward(CPU)

    def test_wrong_initializer_is_caught(self):
        class ZeroBiasLinear(L.Linear):
            def __init__(self, *args, **kwargs):
                kwargs['initial_bias'] = 0
                super().__init__(*args, **kwargs)
        case = self._case(
            testing.LinkInitializersTestCase,
            create_link=lambda self, inits: ZeroBiasLinear(2, 3, initialW=inits[0],
                                                           initial_bias=inits[1]),
            get_initializers=lambda self: ([], [initializers.Constant(2)]))
        with pytest.raises(testing.LinkTestError, match='Outputs do not match'):
            case.test_initializers(CPU)

    def test_none_initializer_must_be_wrapped(self):
        case = self._case(testing.LinkInitializersTestCase,
                          get_initializers=lambda self: ([None], []))
        with pytest.raises(ValueError, match='InitializerArgument'):
            case.test_initializers(CPU)
