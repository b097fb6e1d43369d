"""Type checking of function inputs (Chainer's ``chainer.utils.type_check``).

A function checks its inputs in ``check_type_forward(in_types)``. In the normal
(full) mode ``in_types`` is a :class:`TypeInfoTuple` of :class:`Variable`\\ s
wrapping :class:`TypeInfo`\\ s, so that comparisons such as
``in_types[0].ndim == 2`` build expression trees instead of booleans.
:func:`expect` evaluates them and, when one fails, raises :class:`InvalidType`
whose message shows both the expression and the values, e.g.::

    Expect: in_types[0].ndim == 2
    Actual: 3 != 2

In light mode (:data:`light_mode`, inputs from :func:`get_light_types`) the same
code runs on plain values, which is cheap; a caller that needs a readable
message reruns the check in full mode once the light run failed.
"""

import contextlib
import operator
import sys
import threading

import numpy

from kusari import core
from kusari.utils.array import size_of_shape


class InvalidType(TypeError, ValueError):
    """Raised when a function's inputs have the wrong shape, dtype or number.

    It is both a ``TypeError`` and a ``ValueError`` so callers may catch it by
    the built-in category that fits their case.
    """

    def __init__(self, expect, actual, msg=None):
        if msg is None:
            msg = 'Expect: {0}\nActual: {1}'.format(expect, actual)
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        return type(self), (self.expect, self.actual, self.args[0])


# Operator priorities: a larger number binds tighter (Python's precedence). The numbers
# are Chainer's, which code building operators by hand passes.
_PRIORITY_COMPARISON = -1
_PRIORITY_OR = 0
_PRIORITY_XOR = 1
_PRIORITY_AND = 2
_PRIORITY_SHIFT = 3
_PRIORITY_ADD = 4
_PRIORITY_MUL = 5
_PRIORITY_UNARY = 6
_PRIORITY_POW = 7
_PRIORITY_ATOM = 8


def _repr(value):
    """``value`` as written in an expression: expressions as their text, lists and
    tuples item by item, other values by ``repr``."""
    if isinstance(value, Expr):
        return str(value)
    if isinstance(value, list):
        return '[{}]'.format(', '.join(map(_repr, value)))
    if isinstance(value, tuple):
        if len(value) == 1:
            return '({},)'.format(_repr(value[0]))
        return '({})'.format(', '.join(map(_repr, value)))
    return repr(value)


def _format_key(key):
    """Text of an index as it is written inside brackets."""
    if isinstance(key, slice):
        parts = ['' if part is None else _repr(part) for part in (key.start, key.stop)]
        text = ':'.join(parts)
        if key.step is not None:
            text += ':' + _repr(key.step)
        return text
    if isinstance(key, tuple):
        return ', '.join(_format_key(k) for k in key)
    if key is Ellipsis:
        return '...'
    return _repr(key)


def _evaluate(value):
    """Value of an expression, or the value itself for a plain object."""
    if isinstance(value, Expr):
        return value.eval()
    if isinstance(value, slice):
        return slice(_evaluate(value.start), _evaluate(value.stop),
                     _evaluate(value.step))
    if isinstance(value, tuple):
        return tuple(_evaluate(v) for v in value)
    if isinstance(value, list):
        return [_evaluate(v) for v in value]
    return value


def _binary(exp, priority, func, right_associative=False):
    def method(self, other):
        return BinaryOperator(priority, self, other, exp, func, right_associative)

    def reflected(self, other):
        return BinaryOperator(priority, other, self, exp, func, right_associative)
    return method, reflected


def _comparison(exp, inv, func):
    def method(self, other):
        return BoolBinaryOperator(self, other, exp, inv, func)
    return method


def _unary(exp, func):
    def method(self):
        return UnaryOperator(_PRIORITY_UNARY, self, exp, func)
    return method


class Expr:
    """Abstract syntax tree of an expression over input types.

    Operators on an ``Expr`` build new ``Expr``\\ s; :meth:`eval` computes the
    value and ``str()`` gives the expression as it is written. Comparisons
    give :class:`Testable` expressions that :func:`expect` checks. An ``Expr``
    cannot be converted to ``bool`` (``and``/``or``/``if`` would silently test
    the tree itself), so pass several conditions to :func:`expect` instead.

    Args:
        priority (int): binding strength of the outermost operator, used to
            decide where ``str()`` needs parentheses.
    """

    def __init__(self, priority):
        self.priority = priority

    def eval(self):
        """Evaluates the tree and returns its value."""
        raise NotImplementedError

    def __bool__(self):
        raise RuntimeError(
            "Don't convert Expr to bool. Please call Expr.eval method to "
            'evaluate expression.')

    def __iter__(self):
        # Without this, Python would iterate through __getitem__ forever.
        raise TypeError(
            'type_check expression {} cannot be iterated; index it or call '
            'type_check.eval on it'.format(self))

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        return GetAttr(self, name)

    def __getitem__(self, key):
        return GetItem(self, key)

    def __call__(self, *args):
        return Call(self, args)

    __eq__ = _comparison('==', '!=', operator.eq)
    __ne__ = _comparison('!=', '==', operator.ne)
    __lt__ = _comparison('<', '>=', operator.lt)
    __le__ = _comparison('<=', '>', operator.le)
    __gt__ = _comparison('>', '<=', operator.gt)
    __ge__ = _comparison('>=', '<', operator.ge)
    __hash__ = None

    __add__, __radd__ = _binary('+', _PRIORITY_ADD, operator.add)
    __sub__, __rsub__ = _binary('-', _PRIORITY_ADD, operator.sub)
    __mul__, __rmul__ = _binary('*', _PRIORITY_MUL, operator.mul)
    __truediv__, __rtruediv__ = _binary('/', _PRIORITY_MUL, operator.truediv)
    __floordiv__, __rfloordiv__ = _binary('//', _PRIORITY_MUL, operator.floordiv)
    __mod__, __rmod__ = _binary('%', _PRIORITY_MUL, operator.mod)
    __pow__, __rpow__ = _binary('**', _PRIORITY_POW, operator.pow, True)
    __lshift__, __rlshift__ = _binary('<<', _PRIORITY_SHIFT, operator.lshift)
    __rshift__, __rrshift__ = _binary('>>', _PRIORITY_SHIFT, operator.rshift)
    __and__, __rand__ = _binary('&', _PRIORITY_AND, operator.and_)
    __xor__, __rxor__ = _binary('^', _PRIORITY_XOR, operator.xor)
    __or__, __ror__ = _binary('|', _PRIORITY_OR, operator.or_)

    __neg__ = _unary('-', operator.neg)
    __pos__ = _unary('+', operator.pos)
    __invert__ = _unary('~', operator.invert)


class Atom(Expr):
    """An expression that needs no parentheses: a name, constant or lookup."""

    def __init__(self):
        super().__init__(_PRIORITY_ATOM)


class Constant(Atom):
    """A fixed value inside an expression.

    Args:
        value: the value.
    """

    def __init__(self, value):
        super().__init__()
        self.value = value

    def __str__(self):
        return _repr(self.value)

    def eval(self):
        return self.value


class Variable(Atom):
    """A named value inside an expression, e.g. ``in_types[0]``.

    Args:
        value: the value the name stands for.
        name (str): the name shown in messages.
    """

    def __init__(self, value, name):
        super().__init__()
        self.value = value
        self.name = name

    def __str__(self):
        return self.name

    def eval(self):
        return self.value


def _operand_text(operand, min_priority):
    """``operand`` as written, in parentheses if it is an expression binding less tightly
    than ``min_priority``."""
    text = _repr(operand)
    if isinstance(operand, Expr) and operand.priority < min_priority:
        return '({})'.format(text)
    return text


class GetAttr(Atom):
    """Attribute lookup ``obj.name``.

    Args:
        obj (Expr): the object.
        name (str): the attribute name.
    """

    def __init__(self, obj, name):
        super().__init__()
        # Private names: ``x.dtype.name`` must build an expression, not hit these.
        self._obj = obj
        self._name = name

    def __str__(self):
        name = self._name.value if isinstance(self._name, Constant) else self._name
        if isinstance(name, str):
            return '{}.{}'.format(_operand_text(self._obj, _PRIORITY_ATOM), name)
        return 'getattr({}, {})'.format(_repr(self._obj), _repr(self._name))

    def eval(self):
        return getattr(_evaluate(self._obj), _evaluate(self._name))


class GetItem(Atom):
    """Indexing ``obj[key]``; ``key`` may be a slice or hold expressions.

    Args:
        obj (Expr): the indexed object.
        key: the index.
    """

    def __init__(self, obj, key):
        super().__init__()
        self._obj = obj
        self._key = key

    def __str__(self):
        return '{}[{}]'.format(
            _operand_text(self._obj, _PRIORITY_ATOM), _format_key(self._key))

    def eval(self):
        return _evaluate(self._obj)[_evaluate(self._key)]


class Call(Atom):
    """Function call ``obj(*args)``.

    Args:
        obj (Expr): the callee.
        args (tuple): the arguments, plain values or expressions.
    """

    def __init__(self, obj, args):
        super().__init__()
        self._obj = obj
        self._args = tuple(args)

    def __str__(self):
        return '{}({})'.format(
            _operand_text(self._obj, _PRIORITY_ATOM),
            ', '.join(map(_repr, self._args)))

    def eval(self):
        return _evaluate(self._obj)(*[_evaluate(a) for a in self._args])


class UnaryOperator(Expr):
    """Prefix operator such as ``-x``.

    Args:
        priority (int): binding strength of the operator.
        term (Expr): the operand.
        exp (str): the operator symbol.
        func: computes the result from the operand's value.
    """

    def __init__(self, priority, term, exp, func):
        super().__init__(priority)
        self.term = term
        self.exp = exp
        self.func = func

    def __str__(self):
        return self.exp + _operand_text(self.term, self.priority)

    def eval(self):
        return self.func(_evaluate(self.term))


class BinaryOperator(Expr):
    """Infix operator such as ``x + y``.

    Args:
        priority (int): binding strength of the operator.
        lhs (Expr): the left operand.
        rhs (Expr): the right operand.
        exp (str): the operator symbol.
        func: computes the result from the operands' values.
        right_associative (bool): whether ``a op b op c`` means
            ``a op (b op c)`` (true for ``**``).
    """

    def __init__(self, priority, lhs, rhs, exp, func, right_associative=False):
        super().__init__(priority)
        self.lhs = lhs
        self.rhs = rhs
        self.exp = exp
        self.func = func
        self.right_associative = right_associative

    def __str__(self):
        # The operand on the associative side may share our priority.
        left_min = self.priority + 1 if self.right_associative else self.priority
        right_min = self.priority if self.right_associative else self.priority + 1
        return '{} {} {}'.format(
            _operand_text(self.lhs, left_min), self.exp,
            _operand_text(self.rhs, right_min))

    def eval(self):
        return self.func(_evaluate(self.lhs), _evaluate(self.rhs))


class Testable:
    """An expression that :func:`expect` can check."""

    def expect(self):
        """Raises :class:`InvalidType` unless the condition holds."""
        raise NotImplementedError


class BoolBinaryOperator(BinaryOperator, Testable):
    """Comparison such as ``x == y``.

    Args:
        lhs (Expr): the left operand.
        rhs (Expr): the right operand.
        exp (str): the comparison symbol.
        inv (str): the symbol of the opposite comparison, shown between the
            actual values when the check fails (``3 != 2``).
        func: the comparison on values.
    """

    def __init__(self, lhs, rhs, exp, inv, func):
        # Operands of equal priority get parentheses: no chained comparisons.
        super().__init__(_PRIORITY_COMPARISON, lhs, rhs, exp, func)
        self.inv = inv

    def expect(self):
        left = _evaluate(self.lhs)
        right = _evaluate(self.rhs)
        if not self.func(left, right):
            # as Chainer prints them, by str: kind == f, float64 != <class 'numpy.float32'>
            raise InvalidType('{} {} {}'.format(self.lhs, self.exp, self.rhs),
                              '{} {} {}'.format(left, self.inv, right))


class TypeInfo:
    """Shape and dtype of one input array.

    Args:
        shape (tuple of int): the shape.
        dtype (numpy.dtype): the dtype.

    Attributes:
        shape (tuple of int): the shape.
        dtype (numpy.dtype): the dtype.
        ndim (int): the number of dimensions.
        size (int): the number of elements.
    """

    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.ndim = len(self.shape)
        self.size = size_of_shape(self.shape)

    def __repr__(self):
        return 'TypeInfo(shape={}, dtype={})'.format(
            self.shape, self.dtype)


class TypeInfoTuple(tuple):
    """Type information of the inputs (a tuple of :class:`Variable`\\ s).

    Attributes:
        name (str): the name of the tuple in messages (``in_types``).
    """

    name = None

    def size(self):
        """Number of inputs, as an expression named ``<name>.size()``."""
        return Variable(len(self), '{}.size()'.format(self.name))


class LightTypeInfoTuple(tuple):
    """Type information of the inputs in light mode (plain :class:`TypeInfo`\\ s)."""

    def size(self):
        """Number of inputs."""
        return len(self)


def _is_array(value):
    if isinstance(value, numpy.ndarray):
        return True
    cupy = sys.modules.get('cupy')
    return cupy is not None and isinstance(value, cupy.ndarray)


def _type_info(array, index, name, accept_none, shape):
    if array is None and accept_none:
        return TypeInfo((), None)
    if not _is_array(array):
        raise TypeError(
            'type_check: {}[{}] must be an array{}, not {}'.format(
                name, index, ' or None' if accept_none else '',
                type(array).__name__))
    return TypeInfo(array.shape if shape is None else shape, array.dtype)


def _shapes_for(data, shapes):
    if shapes is None:
        return [None] * len(data)
    if len(shapes) != len(data):
        raise ValueError(
            'type_check: got {} shapes for {} arrays'.format(len(shapes), len(data)))
    return shapes


def get_types(data, name, accept_none, *, shapes=None):
    """Type information of arrays for a full-mode check.

    Args:
        data (tuple): the arrays (``None`` allowed when ``accept_none``).
        name (str): name of the tuple in messages, e.g. ``'in_types'``.
        accept_none (bool): whether ``None`` entries are allowed; they get an
            empty shape and a ``None`` dtype.
        shapes (tuple of tuples): shapes to report instead of the arrays' own.

    Returns:
        TypeInfoTuple: a :class:`Variable` named ``<name>[<i>]`` per array.
    """
    if not isinstance(data, tuple):
        raise AssertionError('get_types: data must be a tuple of arrays, not {}'.format(
            type(data).__name__))
    shapes = _shapes_for(data, shapes)
    info = TypeInfoTuple(
        Variable(_type_info(x, i, name, accept_none, s), '{}[{}]'.format(name, i))
        for i, (x, s) in enumerate(zip(data, shapes)))
    info.name = name
    return info


def get_light_types(data, *, shapes=None):
    """Type information of arrays for a light-mode check.

    Args:
        data (tuple): the arrays.
        shapes (tuple of tuples): shapes to report instead of the arrays' own.

    Returns:
        LightTypeInfoTuple: a plain :class:`TypeInfo` per array.
    """
    data = tuple(data)
    shapes = _shapes_for(data, shapes)
    return LightTypeInfoTuple(
        _type_info(x, i, 'in_types', False, s)
        for i, (x, s) in enumerate(zip(data, shapes)))


class LightMode:
    """Context manager that switches type checking to light mode.

    In light mode expressions are plain values, :func:`expect` takes booleans
    and failures raise :class:`InvalidType` without a detailed message.
    Reentrant and thread-local.
    """

    def __enter__(self):
        _state.light_depth = getattr(_state, 'light_depth', 0) + 1

    def __exit__(self, exc_type, exc_value, traceback):
        _state.light_depth -= 1


_state = threading.local()
light_mode = LightMode()


def in_light_mode():
    """Whether type checking is in light mode in this thread."""
    return getattr(_state, 'light_depth', 0) > 0


def eval(exp):
    """Value of a type-check expression (the value itself in light mode).

    Args:
        exp: an :class:`Expr` or a plain value.
    """
    if in_light_mode():
        return exp
    return _evaluate(exp)


def make_variable(value, name):
    """A named :class:`Variable`, or ``value`` itself in light mode.

    Args:
        value: the value, e.g. a function's hyperparameter.
        name (str): the name shown in messages, e.g. ``'axis'``.
    """
    if in_light_mode():
        return value
    return Variable(value, name)


_prod = Variable(size_of_shape, 'prod')


def prod(xs):
    """Product of a shape's entries, usable inside checks.

    Args:
        xs: a shape (tuple of ints) or an expression of one.
    """
    if in_light_mode():
        return size_of_shape(xs)
    return _prod(xs)


def expect(*bool_exprs):
    """Checks that all conditions hold, raising :class:`InvalidType` otherwise.

    Args:
        *bool_exprs: :class:`Testable` expressions, e.g. ``x_type.ndim == 2``
            (booleans in light mode; a plain ``bool`` is also accepted in full
            mode, for conditions computed through :func:`eval`).

    Raises:
        InvalidType: the first condition that does not hold, with the
            expression and the actual values in its message.
    """
    if in_light_mode():
        if not all(bool_exprs):
            raise InvalidType('', '', msg='a type condition failed')
        return
    for i, expr in enumerate(bool_exprs):
        if isinstance(expr, Testable):
            expr.expect()
        elif isinstance(expr, (bool, numpy.bool_)):
            if not expr:
                raise InvalidType('condition #{} is True'.format(i), 'False')
        else:
            raise TypeError(
                'type_check.expect: condition #{} must be a comparison of '
                'type_check expressions or a bool, not {}'.format(
                    i, type(expr).__name__))


def same_types(*arrays):
    """Whether all arrays live on the same backend (all NumPy or all CuPy).

    Args:
        *arrays: the arrays.
    """
    if all(isinstance(x, numpy.ndarray) for x in arrays):
        return True
    cupy = sys.modules.get('cupy')
    return cupy is not None and all(isinstance(x, cupy.ndarray) for x in arrays)


def argname(in_types, names):
    """Names the input types in messages (``x.ndim`` instead of ``in_types[0].ndim``).

    Args:
        in_types: type information from :func:`get_types` (ignored in light mode).
        names (sequence of str): one name per input; extra inputs keep their
            names.
    """
    if in_light_mode():
        return
    for in_type, name in zip(in_types, names):
        if isinstance(in_type, Variable):
            in_type.name = name


# Chainer's functions call the private spelling.
_argname = argname


def expect_broadcast_shapes(*shape_types):
    """Checks that shapes broadcast together (NumPy's broadcasting rules).

    Args:
        *shape_types: shapes or expressions of shapes, e.g. ``x_type.shape``.

    Raises:
        InvalidType: if the shapes cannot be broadcast.
    """
    shapes = [tuple(eval(s)) for s in shape_types]
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        if in_light_mode():
            raise InvalidType('', '', msg='shapes are not broadcastable') from None
        raise InvalidType(
            '{} are broadcastable'.format(', '.join(str(s) for s in shape_types)),
            '{} are not broadcastable'.format(', '.join(str(s) for s in shapes))) from None


@contextlib.contextmanager
def get_function_check_context(f):
    """Context that names the function in :class:`InvalidType` messages.

    Args:
        f: the function node; its ``label`` is shown.

    Raises:
        InvalidType: prefixed with
            ``Invalid operation is performed in: <label> (Forward)``.
    """
    try:
        yield
    except InvalidType as e:
        raise InvalidType(e.expect, e.actual, msg=(
            'Invalid operation is performed in: {} (Forward)\n\n{}'.format(
                f.label, e))) from None


# The core, below this module, gets its type checking here rather than importing it.
core._type_check = sys.modules[__name__]
