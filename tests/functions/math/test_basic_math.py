import operator

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.functions.math import basic_math
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(22)
BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.pow]
SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((2, 1, 3), (4, 1)), ((0, 2), (2,))]


def on_variables(op):
    """``op`` applied to Variables (check_function also passes raw arrays)."""
    return lambda *xs: op(*map(kusari.as_variable, xs))


def positive(shape):
    # Positive operands keep ** real and / away from zero.
    return rng.uniform(0.5, 2, shape)


@pytest.mark.parametrize('op', BINARY, ids=lambda op: op.__name__)
@pytest.mark.parametrize('shape1, shape2', SHAPES)
def test_variable_op_variable(op, shape1, shape2):
    check_function(on_variables(op), (positive(shape1), positive(shape2)), op)


@pytest.mark.parametrize('op', BINARY, ids=lambda op: op.__name__)
@pytest.mark.parametrize('constant', [1.5, numpy.float64(0.75), numpy.array(2.0)])
def test_variable_op_constant_and_reflected(op, constant):
    check_function(on_variables(lambda x: op(x, constant)), positive((2, 3)),
                   lambda x: op(x, x.dtype.type(constant)))
    check_function(on_variables(lambda x: op(constant, x)), positive((2, 3)),
                   lambda x: op(x.dtype.type(constant), x))


@pytest.mark.parametrize('op', BINARY, ids=lambda op: op.__name__)
def test_variable_op_array(op):
    a = positive((2, 3))
    check_function(lambda x: op(kusari.as_variable(x), a.astype(x.dtype)), positive((2, 3)),
                   lambda x: op(x, a.astype(x.dtype)))
    check_function(lambda x: op(a.astype(x.dtype), kusari.as_variable(x)), positive((2, 3)),
                   lambda x: op(a.astype(x.dtype), x))


@pytest.mark.parametrize('op', BINARY, ids=lambda op: op.__name__)
def test_0d_operands(op, on_0d):
    function, reference = on_0d(on_variables(lambda x: op(x, x * 0.5)), lambda x: op(x, x * 0.5))
    check_function(function, positive((1,)), reference)


@pytest.mark.parametrize('op, ref', [(operator.neg, numpy.negative), (abs, numpy.abs),
                                     (F.absolute, numpy.abs)],
                         ids=['neg', 'abs', 'absolute'])
def test_unary(op, ref):
    x = rng.uniform(0.2, 1, (3, 4)) * rng.choice([-1, 1], (3, 4))
    check_function(on_variables(op), x, ref)


def test_floordiv_floors_the_recorded_division_as_chainer():
    class Names(kusari.FunctionHook):
        def __init__(self):
            self.seen = []

        def forward_preprocess(self, function, in_data):
            self.seen.append(type(function).__name__)

    x = kusari.Variable(numpy.array([1.0, -2.5]))
    with Names() as hook:
        y = x // kusari.Variable(numpy.array([0.1, 2.0]))
        z = 3.0 // x
    assert hook.seen == ['Div', 'DivFromConstant']
    # floor(1 / 0.1) is 10 where NumPy's 1 // 0.1 is 9
    numpy.testing.assert_array_equal(y.array, [10.0, -2.0])
    numpy.testing.assert_array_equal(z.array, [3.0, -2.0])
    assert y.creator is None and z.creator is None


def test_matmul_operator():
    a, b = rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (3, 4))
    check_function(on_variables(operator.matmul), (a, b), operator.matmul)
    numpy.testing.assert_allclose((a @ kusari.Variable(b)).array, a @ b)


def test_floordiv_has_no_gradient():
    x = kusari.Variable(numpy.array([3.5, -2.5]))
    y = x // 2
    numpy.testing.assert_array_equal(y.array, [1.0, -2.0])
    assert y.creator is None
    z = x // kusari.Variable(numpy.array([2.0, 2.0]))
    numpy.testing.assert_array_equal(z.array, [1.0, -2.0])
    z.grad = numpy.ones(2)
    z.backward()
    assert x.grad is None


def test_constant_keeps_the_variable_dtype():
    x = kusari.Variable(numpy.ones(2, numpy.float16))
    assert (x * 2.5).dtype == numpy.float16
    assert (x + numpy.float64(1)).dtype == numpy.float16
    assert (2 ** x).dtype == numpy.float16


@pytest.mark.parametrize('n', [1, 2, 3, 5])
def test_add_n(n):
    check_function(lambda *xs: F.add(*xs), tuple(rng.uniform(-1, 1, (2, 3)) for _ in range(n)),
                   lambda *xs: sum(xs[1:], xs[0]))


def test_add_two_broadcasts():
    check_function(F.add, (rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (3,))), numpy.add)


@pytest.mark.parametrize('shapes', [[(3, 2)] * 3, [()] * 3, [(1, 3), (), (2, 1, 2, 1)],
                                    [(), (2, 1, 2), (3, 1)], [(3, 1), (1, 1), (2,)]])
def test_add_many_broadcasts(shapes):
    check_function(F.add, tuple(rng.uniform(-1, 1, shape) for shape in shapes),
                   lambda *xs: numpy.asarray(numpy.sum(numpy.broadcast_arrays(*xs), axis=0)))


def test_add_many_needs_broadcastable_shapes():
    with pytest.raises(InvalidType, match='add: invalid shapes of the sum of xs\\[:2\\] and '
                                          'xs\\[2\\]'):
        F.add(numpy.ones(2), numpy.ones(2), numpy.ones(3))


def test_reflected_operators_with_a_variable_on_the_left():
    # x.__radd__(y) is y + x, as Chainer computes it for two Variables
    x, y = kusari.Variable(numpy.array([2.0, 3.0])), kusari.Variable(numpy.array([5.0, 7.0]))
    for reflected, op in [('__radd__', numpy.add), ('__rsub__', numpy.subtract),
                          ('__rmul__', numpy.multiply), ('__rtruediv__', numpy.divide),
                          ('__rfloordiv__', numpy.floor_divide), ('__rpow__', numpy.power)]:
        numpy.testing.assert_allclose(getattr(x, reflected)(y).array, op(y.array, x.array))


@pytest.mark.parametrize('node, label', [
    (lambda: basic_math.Neg(), '__neg__'), (lambda: basic_math.Absolute(), '|_|'),
    (lambda: basic_math.Add(), '_ + _'), (lambda: basic_math.AddConstant(2.0), '_ + 2.0'),
    (lambda: basic_math.Sub(), '_ - _'), (lambda: basic_math.SubFromConstant(-2), '(-2) - _'),
    (lambda: basic_math.Mul(), '_ * _'), (lambda: basic_math.MulConstant(2.0), '_ * 2.0'),
    (lambda: basic_math.Div(), '_ / _'),
    (lambda: basic_math.DivFromConstant(numpy.ones(2)), 'constant array / _'),
    (lambda: basic_math.PowVarVar(), '_ ** _'),
    (lambda: basic_math.PowVarConst(numpy.float32(2)), '_ ** 2.0'),
    (lambda: basic_math.PowConstVar(2.0), '2.0 ** _'),
])
def test_labels_as_chainer(node, label):
    assert node().label == label


def test_label_of_a_bad_constant():
    with pytest.raises(ValueError, match='a constant operand must be'):
        _ = basic_math.AddConstant([2]).label


@pytest.mark.parametrize('op', BINARY, ids=lambda op: op.__name__)
def test_mismatched_dtypes(op):
    x = kusari.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(InvalidType, match='invalid dtypes of x0 and x1'):
        op(x, kusari.Variable(numpy.ones(2)))


def test_unbroadcastable_shapes():
    with pytest.raises(InvalidType, match='add: invalid shapes of x0 and x1'):
        kusari.Variable(numpy.ones((2, 3))) + kusari.Variable(numpy.ones(2))


def test_unsupported_operand():
    with pytest.raises(InvalidType, match='mul: invalid operand'):
        kusari.Variable(numpy.ones(2)) * 'a'
