import unittest

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import testing, utils


@testing.unary_math_function_unittest(F.exp)
class TestExpRealUse(unittest.TestCase):
    pass


@testing.unary_math_function_unittest(
    F.tanh, make_data=lambda shape, dtype: tuple(
        numpy.random.uniform(-2, 2, shape).astype(dtype) for _ in range(3)))
class TestTanhRealUse(unittest.TestCase):
    pass


class Exp(kusari.FunctionNode):
    """A Function(Node) class given to the decorator instead of a function."""

    def forward(self, inputs):
        self.retain_outputs((0,))
        return utils.force_array(numpy.exp(inputs[0])),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return y * grad_outputs[0],


@testing.unary_math_function_unittest(Exp, func_expected=numpy.exp)
class TestFunctionNodeClassRealUse(unittest.TestCase):
    pass


_expected_calls = []


def _identity_expected(x, dtype):
    _expected_calls.append(dtype)
    return x


class Identity(kusari.FunctionNode):

    def forward(self, inputs):
        return inputs[0],

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0],


def identity(x):
    return Identity().apply((x,))[0]


@testing.unary_math_function_unittest(identity, func_expected=_identity_expected)
class TestReferenceTakesDtypeRealUse(unittest.TestCase):

    def test_reference_got_the_dtype(self):
        self.test_forward_cpu()
        assert _expected_calls[-1] == self.dtype


def test_generated_cases():
    names = sorted(n for n in globals() if n.startswith('TestExpRealUse_'))
    assert len(names) == 6  # 2 shapes x 3 dtypes
    case = globals()[names[0]]
    # Chainer's method names
    assert set(unittest.defaultTestLoader.getTestCaseNames(case)) == {
        'test_forward_cpu', 'test_backward_cpu', 'test_double_backward_cpu',
        'test_forward_gpu', 'test_backward_gpu', 'test_double_backward_gpu'}
    assert 'gpu' in {mark.name for mark in case.test_forward_gpu.pytestmark}
    assert 'test_label' not in dir(case)
    node_case = globals()[sorted(n for n in globals()
                                 if n.startswith('TestFunctionNodeClassRealUse_'))[0]]
    assert callable(node_case.test_label)


def _run_generated(prefix):
    suite = unittest.TestSuite()
    for name in sorted(n for n in globals() if n.startswith(prefix)):
        for method in unittest.defaultTestLoader.getTestCaseNames(globals()[name]):
            if not method.endswith('_gpu'):
                suite.addTest(globals()[name](method))
    result = unittest.TestResult()
    suite.run(result)
    return result


def test_wrong_reference_fails():
    @testing.unary_math_function_unittest(F.exp, func_expected=numpy.expm1)
    class TestWrongExp(unittest.TestCase):
        pass
    # The generated classes land in this module, after pytest's collection.
    try:
        result = _run_generated('TestWrongExp_')
        assert result.testsRun == 18
        assert len(result.failures) == 6  # each forward test; gradients are right
    finally:
        for name in [n for n in globals() if n.startswith('TestWrongExp_')]:
            del globals()[name]


def test_unknown_numpy_name():
    def not_in_numpy(x):
        return x
    with pytest.raises(ValueError, match="numpy has no 'not_in_numpy'"):
        testing.unary_math_function_unittest(not_in_numpy)


def test_is_linear_is_deprecated():
    with testing.assert_warns(DeprecationWarning):
        testing.unary_math_function_unittest(F.exp, is_linear=True)
