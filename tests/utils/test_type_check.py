import pickle

import numpy
import pytest

from kusari.utils import type_check as T


def _types(*arrays, name='in_types'):
    return T.get_types(arrays, name, False)


def _message(expr):
    with pytest.raises(T.InvalidType) as info:
        T.expect(expr)
    return str(info.value)


@pytest.fixture
def types():
    return _types(numpy.zeros((2, 3, 4), numpy.float64), numpy.zeros(3, numpy.int32))


class TestMessages:

    def test_ndim(self, types):
        assert _message(types[0].ndim == 2) == (
            'Expect: in_types[0].ndim == 2\nActual: 3 != 2')

    def test_dtype_against_scalar_type(self, types):
        assert _message(types[0].dtype == numpy.float32) == (
            "Expect: in_types[0].dtype == <class 'numpy.float32'>\n"
            "Actual: float64 != <class 'numpy.float32'>")  # Chainer's text

    def test_dtype_kind_string_is_quoted(self, types):
        assert _message(types[1].dtype.kind == 'f') == (
            'Expect: in_types[1].dtype.kind == f\nActual: i != f')

    def test_dtype_name_builds_expression(self, types):
        assert _message(types[0].dtype.name == 'float32') == (
            'Expect: in_types[0].dtype.name == float32\nActual: float64 != float32')

    def test_size(self, types):
        assert _message(types.size() == 3) == 'Expect: in_types.size() == 3\nActual: 2 != 3'

    def test_reflected_comparison(self, types):
        assert _message(3 <= types.size()) == 'Expect: in_types.size() >= 3\nActual: 2 < 3'

    @pytest.mark.parametrize('make, text, actual', [
        (lambda t: t[0].shape[1:] == t[1].shape, 'in_types[0].shape[1:] == in_types[1].shape',
         '(3, 4) != (3,)'),
        (lambda t: t[0].shape[::2] == (1,), 'in_types[0].shape[::2] == (1,)', '(2, 4) != (1,)'),
        (lambda t: t[0].shape[:-1] != (2, 3), 'in_types[0].shape[:-1] != (2, 3)',
         '(2, 3) == (2, 3)'),
    ])
    def test_slices(self, types, make, text, actual):
        assert _message(make(types)) == 'Expect: {}\nActual: {}'.format(text, actual)

    @pytest.mark.parametrize('make, text, value', [
        (lambda t: t[0].shape[0] + t[1].shape[0] * 2,
         'in_types[0].shape[0] + in_types[1].shape[0] * 2', 8),
        (lambda t: (t[0].shape[0] + t[1].shape[0]) * 2,
         '(in_types[0].shape[0] + in_types[1].shape[0]) * 2', 10),
        (lambda t: t[0].ndim - (t[1].ndim - 1), 'in_types[0].ndim - (in_types[1].ndim - 1)', 3),
        (lambda t: t[0].ndim - t[1].ndim - 1, 'in_types[0].ndim - in_types[1].ndim - 1', 1),
        (lambda t: -t[0].ndim ** 2, '-in_types[0].ndim ** 2', -9),
        (lambda t: (-t[0].ndim) ** 2, '(-in_types[0].ndim) ** 2', 9),
        (lambda t: 2 ** t[1].ndim ** 2, '2 ** in_types[1].ndim ** 2', 2),
        (lambda t: (2 ** t[0].ndim) ** 2, '(2 ** in_types[0].ndim) ** 2', 64),
        (lambda t: t[0].shape[2] // 3 % 2, 'in_types[0].shape[2] // 3 % 2', 1),
        (lambda t: t[0].shape[2] / (t[0].ndim + 1),
         'in_types[0].shape[2] / (in_types[0].ndim + 1)', 1.0),
        (lambda t: t[0].shape[1] << 1 | 1, 'in_types[0].shape[1] << 1 | 1', 7),
        (lambda t: t[0].shape[1] & 1 ^ 1, 'in_types[0].shape[1] & 1 ^ 1', 0),
        (lambda t: ~t[0].ndim, '~in_types[0].ndim', -4),
        (lambda t: 10 - t[0].ndim, '10 - in_types[0].ndim', 7),
        (lambda t: T.prod(t[0].shape[1:]), 'prod(in_types[0].shape[1:])', 12),
    ])
    def test_arithmetic_text_and_value(self, types, make, text, value):
        expr = make(types)
        assert str(expr) == text
        assert T.eval(expr) == value
        assert _message(expr == -100) == 'Expect: {} == -100\nActual: {} != -100'.format(
            text, value)

    def test_expect_stops_at_first_failure(self, types):
        with pytest.raises(T.InvalidType) as info:
            T.expect(types.size() == 2, types[0].ndim == 1, types[1].ndim == 5)
        assert info.value.expect == 'in_types[0].ndim == 1'
        assert info.value.actual == '3 != 1'

    def test_passing_conditions(self, types):
        T.expect(types.size() == 2, types[0].dtype.kind == 'f', types[1].dtype == numpy.int32,
                 types[0].shape[1] == types[1].shape[0], types[0].ndim > types[1].ndim)

    def test_argname(self, types):
        T.argname(types, ('x', 'y'))
        assert _message(types[0].ndim == types[1].ndim) == (
            'Expect: x.ndim == y.ndim\nActual: 3 != 1')

    def test_make_variable_names_hyperparameters(self, types):
        axis = T.make_variable(5, 'axis')
        assert _message(axis < types[0].ndim) == 'Expect: axis < in_types[0].ndim\nActual: 5 >= 3'

    def test_call_of_variable(self, types):
        fn = T.Variable(max, 'max')
        assert (_message(fn(types[0].shape) == 3)
                == 'Expect: max(in_types[0].shape) == 3\nActual: 4 != 3')

    def test_plain_bool_in_full_mode(self):
        T.expect(True)
        with pytest.raises(T.InvalidType, match='condition #1'):
            T.expect(True, False)

    def test_non_condition_is_rejected(self, types):
        with pytest.raises(TypeError, match='condition #0 must be a comparison'):
            T.expect(types[0].ndim)


class TestExpr:

    def test_bool_conversion_is_refused(self, types):
        with pytest.raises(RuntimeError, match="Don't convert Expr to bool"):
            if types[0].ndim == 3:
                pass

    def test_iteration_is_refused(self, types):
        with pytest.raises(TypeError, match='cannot be iterated'):
            a, b, c = types[0].shape

    def test_private_names_are_not_expressions(self, types):
        with pytest.raises(AttributeError):
            _ = types[0]._secret

    def test_eval_of_plain_values_and_tuples(self, types):
        assert T.eval(3) == 3
        assert T.eval((types[0].ndim, types[1].ndim)) == (3, 1)

    def test_constant_and_variable(self):
        # Constants are written by repr, as Chainer writes them.
        assert str(T.Constant(numpy.dtype('float16'))) == "dtype('float16')"
        assert str(T.Constant('a')) == "'a'"
        assert T.Variable(7, 'n').eval() == 7
        assert str(T.Variable(7, 'n') * 2) == 'n * 2'

    def test_text_of_lookups_calls_and_operators(self):
        x = T.Variable(None, 'x')
        assert str(T.GetAttr(x, 'value')) == 'x.value'
        assert str(T.GetAttr(x, T.Constant('value'))) == 'x.value'
        assert str(T.GetAttr(x, 3)) == 'getattr(x, 3)'
        assert str(x['a']) == "x['a']" and str(x[1:2, ...]) == 'x[1:2, ...]'
        assert str(T.Variable(sum, 'sum')(['', 1])) == "sum(['', 1])"
        # Chainer's priorities: atoms 8, so an operator of priority 8 wraps its right side.
        assert str(T.BinaryOperator(8, x, x, '+', None)) == 'x + (x)'
        assert str(T.UnaryOperator(9, x, '-', None)) == '-(x)'
        assert str(-x) == '-x' and str(x ** x ** x) == 'x ** x ** x'
        assert str((x + x) * x) == '(x + x) * x'

    def test_lists_and_tuples_of_expressions(self):
        assert (T.Constant([[0]]) == [[T.Constant(0)]]).eval()
        assert (T.Constant((0,)) == (T.Constant(0),)).eval()
        assert T._repr([T.Constant(0)]) == '[0]'
        assert T._repr(()) == '()' and T._repr((T.Constant(0),)) == '(0,)'

    def test_get_types_takes_a_tuple(self):
        with pytest.raises(AssertionError, match='tuple'):
            T.get_types([numpy.zeros(1)], 'in_types', False)


class TestTypeInfo:

    def test_fields(self):
        info = T.TypeInfo((2, 3), numpy.dtype('f'))
        assert (info.shape, info.dtype, info.ndim, info.size) == ((2, 3), numpy.float32, 2, 6)

    def test_get_types(self):
        types = _types(numpy.zeros((2, 5), numpy.float16), name='out')
        assert isinstance(types, T.TypeInfoTuple)
        assert str(types[0]) == 'out[0]'
        assert T.eval(types[0].shape) == (2, 5)
        assert T.eval(types[0].size) == 10
        assert str(types.size()) == 'out.size()'

    def test_accept_none(self):
        types = T.get_types((None, numpy.zeros(2)), 'gy', True)
        assert T.eval(types[0].shape) == ()
        assert T.eval(types[0].dtype) is None

    def test_none_without_accept_none(self):
        with pytest.raises(TypeError, match=r'in_types\[0\] must be an array, not NoneType'):
            T.get_types((None,), 'in_types', False)

    def test_non_array(self):
        with pytest.raises(TypeError, match='must be an array'):
            T.get_types(([1, 2],), 'in_types', False)

    def test_shapes_override(self):
        types = T.get_types((numpy.zeros(6),), 'in_types', False, shapes=((2, 3),))
        assert T.eval(types[0].shape) == (2, 3)
        assert T.eval(types[0].ndim) == 2

    def test_shapes_length_mismatch(self):
        with pytest.raises(ValueError, match='got 2 shapes for 1 arrays'):
            T.get_types((numpy.zeros(6),), 'in_types', False, shapes=((6,), (6,)))


class TestLightMode:

    def test_plain_values(self):
        types = T.get_light_types((numpy.zeros((2, 3), numpy.float32),))
        assert isinstance(types, T.LightTypeInfoTuple)
        with T.light_mode:
            assert T.in_light_mode()
            assert types.size() == 1
            assert T.eval(types[0].ndim) == 2
            assert T.prod(types[0].shape) == 6
            assert T.make_variable(4, 'axis') == 4
            T.expect(types[0].dtype == numpy.float32, types[0].shape[1] == 3)
            with pytest.raises(T.InvalidType):
                T.expect(types[0].ndim == 3)
            T.argname(types, ('x',))
        assert not T.in_light_mode()

    def test_reentrant(self):
        with T.light_mode:
            with T.light_mode:
                pass
            assert T.in_light_mode()
        assert not T.in_light_mode()

    def test_same_check_code_runs_in_both_modes(self):
        def check(in_types):
            T.expect(in_types.size() == 2)
            x_type, w_type = in_types
            T.expect(x_type.ndim == 2, T.prod(x_type.shape[1:]) == w_type.shape[1])

        good = (numpy.zeros((4, 6)), numpy.zeros((3, 6)))
        bad = (numpy.zeros((4, 6)), numpy.zeros((3, 5)))
        with T.light_mode:
            check(T.get_light_types(good))
            with pytest.raises(T.InvalidType):
                check(T.get_light_types(bad))
        check(T.get_types(good, 'in_types', False))
        with pytest.raises(T.InvalidType, match=r'Actual: 6 != 5'):
            check(T.get_types(bad, 'in_types', False))


class TestBroadcastShapes:

    def test_ok(self):
        types = _types(numpy.zeros((2, 1, 4)), numpy.zeros((3, 1)))
        T.expect_broadcast_shapes(types[0].shape, types[1].shape)
        T.expect_broadcast_shapes((5, 1), (1, 7), (7,))

    def test_failure_message(self):
        types = _types(numpy.zeros((2, 3)), numpy.zeros(4))
        with pytest.raises(T.InvalidType) as info:
            T.expect_broadcast_shapes(types[0].shape, types[1].shape)
        assert str(info.value) == (
            'Expect: in_types[0].shape, in_types[1].shape are broadcastable\n'
            'Actual: (2, 3), (4,) are not broadcastable')

    def test_light_mode(self):
        with T.light_mode:
            T.expect_broadcast_shapes((2, 3), (3,))
            with pytest.raises(T.InvalidType):
                T.expect_broadcast_shapes((2, 3), (2,))


class TestInvalidType:

    def test_builtin_categories(self):
        assert issubclass(T.InvalidType, TypeError)
        assert issubclass(T.InvalidType, ValueError)

    def test_pickle(self):
        error = T.InvalidType('a == b', '1 != 2')
        clone = pickle.loads(pickle.dumps(error))
        assert (str(clone), clone.expect, clone.actual) == (str(error), 'a == b', '1 != 2')

    def test_function_check_context(self):
        class Node:
            label = 'MyFunc'

        types = _types(numpy.zeros(3))
        with pytest.raises(T.InvalidType) as info:
            with T.get_function_check_context(Node()):
                T.expect(types[0].ndim == 2)
        assert str(info.value) == (
            'Invalid operation is performed in: MyFunc (Forward)\n\n'
            'Expect: in_types[0].ndim == 2\nActual: 1 != 2')
        assert info.value.expect == 'in_types[0].ndim == 2'


def test_same_types():
    assert T.same_types(numpy.zeros(1), numpy.ones(2))
    assert T.same_types()
    assert not T.same_types(numpy.zeros(1), [1.0])


def test_function_node_check_type_forward_message():
    from kusari import core

    class Double(core.FunctionNode):
        def check_type_forward(self, in_types):
            T.argname(in_types, ('x',))
            T.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f', in_types[0].ndim == 2)

        def forward(self, inputs):
            return inputs[0] * 2,

    y, = Double().apply((numpy.ones((2, 3), numpy.float32),))
    numpy.testing.assert_array_equal(y.array, numpy.full((2, 3), 2, numpy.float32))
    with pytest.raises(T.InvalidType) as info:
        Double().apply((numpy.ones((2, 3, 4), numpy.float32),))
    assert str(info.value) == (
        'Invalid operation is performed in: Double (Forward)\n\n'
        'Expect: x.ndim == 2\nActual: 3 != 2')
