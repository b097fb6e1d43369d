"""Arithmetic on Variables: the nodes behind ``+ - * / // ** @``, unary ``-`` and ``abs``.

``install_variable_arithmetics`` puts the operators on ``Variable``. Binary nodes
broadcast their inputs; their backward sums the gradient back to each input's shape.
"""

import numbers

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.core import Variable
from kusari.functions._checks import check_broadcastable, fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array.broadcast import _sum_to, sum_to
from kusari.functions.math._elementwise import Binary, force_array
from kusari.functions.math.floor import floor


def _array_types():
    return core._array_types()


def _convert_value_to_string(value):
    """How a node's label shows a constant operand: a scalar (negative ones in parentheses)
    or 'constant array'."""
    if isinstance(value, Variable):
        value = value.array
    if numpy.isscalar(value):
        return '({})'.format(value) if value < 0 else str(value)
    if isinstance(value, _array_types()):
        return 'constant array'
    raise ValueError('a constant operand must be a Variable, a scalar or an array, but got '
                     '{}'.format(type(value).__name__))


class _WithConstant(core.FunctionNode):
    """A node of one input and a constant ``value``, shown in its label (``label_format``)."""

    label_format = None

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return self.label_format.format(_convert_value_to_string(self.value))


class Neg(core.FunctionNode):
    label = '__neg__'

    def forward(self, inputs):
        return -inputs[0],

    def backward(self, indexes, grad_outputs):
        return -grad_outputs[0],

    def backward_arrays(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Absolute(core.FunctionNode):
    label = '|_|'

    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        return abs(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return _times_sign(grad_outputs[0], self.get_retained_inputs()[0].array),

    def backward_arrays(self, indexes, grad_outputs):
        return _times_sign(grad_outputs[0], self.get_retained_arrays()[0]),


def _times_sign(gy, x):
    """``gy`` times the constant array ``sign(x)``: the gradient of ``|x|``."""
    return gy * get_array_module(x).sign(x)


# Add, Sub, Mul and Div write their gradient once, in _gradients, which the graph form
# applies to Variables (with sum_to) and the array form to arrays (with _sum_to): the call
# costs about 1,000 instructions a backward (x + W, * x, / W, - x on 4x4 arrays: 364,619 ->
# 368,659 a forward + backward, valgrind). Its loop builds no closure, which a
# comprehension does (a per-op cost).


class Add(Binary):
    name = 'add'
    label = '_ + _'

    def forward(self, inputs):
        x0, x1 = inputs
        self.check(x0, x1)
        return x0 + x1,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], sum_to)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], _sum_to)

    def _gradients(self, indexes, gy, sum_to):
        inputs = self.inputs
        ret = []
        for i in indexes:
            ret.append(sum_to(gy, inputs[i].shape))
        return tuple(ret)


class AddConstant(_WithConstant):
    label_format = '_ + {}'

    def forward(self, inputs):
        return inputs[0] + self.value,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0],

    def backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0],


class Sub(Binary):
    name = 'sub'
    label = '_ - _'

    def forward(self, inputs):
        x0, x1 = inputs
        self.check(x0, x1)
        return x0 - x1,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], sum_to)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], _sum_to)

    def _gradients(self, indexes, gy, sum_to):
        inputs = self.inputs
        ret = []
        for i in indexes:
            ret.append(sum_to(gy if i == 0 else -gy, inputs[i].shape))
        return tuple(ret)


class SubFromConstant(_WithConstant):
    label_format = '{} - _'

    def forward(self, inputs):
        return self.value - inputs[0],

    def backward(self, indexes, grad_outputs):
        return -grad_outputs[0],

    def backward_arrays(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Mul(Binary):
    name = 'mul'
    label = '_ * _'

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x0, x1 = inputs
        self.check(x0, x1)
        return x0 * x1,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), sum_to)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), _sum_to)

    @staticmethod
    def _gradients(indexes, gy, x0, x1, sum_to):
        ret = []
        for i in indexes:
            ret.append(sum_to(gy * x1, x0.shape) if i == 0 else sum_to(gy * x0, x1.shape))
        return tuple(ret)


class MulConstant(_WithConstant):
    label_format = '_ * {}'

    def forward(self, inputs):
        return inputs[0] * self.value,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * self.value,

    def backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0] * self.value,


class Div(Binary):
    name = 'div'
    label = '_ / _'

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x0, x1 = inputs
        self.check(x0, x1)
        return x0 / x1,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), sum_to)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), _sum_to)

    @staticmethod
    def _gradients(indexes, gy, x0, x1, sum_to):
        gx0 = gy / x1
        ret = []
        for i in indexes:
            ret.append(sum_to(gx0, x0.shape) if i == 0 else sum_to(-gx0 * x0 / x1, x1.shape))
        return tuple(ret)


class DivFromConstant(_WithConstant):
    _input_indexes_to_retain = (0,)

    label_format = '{} / _'

    def forward(self, inputs):
        return self.value / inputs[0],

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_inputs()),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays()),

    def _gradient(self, gy, x):
        return -self.value * gy / (x * x)


class PowVarVar(Binary):
    _input_indexes_to_retain = (0, 1)

    name = 'pow'
    label = '_ ** _'

    def forward(self, inputs):
        x0, x1 = inputs
        self.check(x0, x1)
        return x0 ** x1,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    @staticmethod
    def _gradients(indexes, gy, x0, x1, form):
        """The gradients of the targets among (x0, x1), in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(form.sum_to(gy * x1 * x0 ** (x1 - 1), x0.shape))
            else:
                ret.append(form.sum_to(gy * x0 ** x1 * form.log(x0), x1.shape))
        return tuple(ret)


class PowVarConst(_WithConstant):
    _input_indexes_to_retain = (0,)

    label_format = '_ ** {}'

    def forward(self, inputs):
        return inputs[0] ** self.value,

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_inputs()),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays()),

    def _gradient(self, gy, x):
        if self.value == 2:
            return gy * (x * 2.0)
        return gy * (self.value * x ** (self.value - 1))


class PowConstVar(_WithConstant):
    _output_indexes_to_retain = (0,)

    label_format = '{} ** _'

    def forward(self, inputs):
        return force_array(get_array_module(inputs[0]).power(self.value, inputs[0]),
                           inputs[0].dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_outputs()),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays()),

    def _gradient(self, gy, y):
        return gy * y * float(numpy.log(self.value))


_PYTHON_SCALARS = (float, int)


def _constant(x, value, op):
    """A scalar or array operand of an arithmetic op, matched to ``x``'s dtype."""
    if isinstance(value, numbers.Number) and not isinstance(value, numpy.generic):
        return value
    if isinstance(value, numpy.generic) or (isinstance(value, numpy.ndarray) and
                                            value.ndim == 0):
        return x.dtype.type(value)
    if isinstance(value, _array_types()) and value.ndim == 0:
        return value.astype(x.dtype, copy=False)  # a GPU scalar stays on the GPU: no sync
    fail(op, 'operand', 'a Variable, an array or a scalar', type(value).__name__)


def _matched(var, array):
    """A plain array operand cast to the Variable's dtype, as Chainer casts it (two
    Variables of different dtypes remain an error)."""
    if array.dtype != var._array.dtype:
        return array.astype(var._array.dtype)
    return array


def _binary(node_cls, const_cls, reverse_cls, op):
    """The forward and reflected operator methods for one arithmetic op."""

    def method(self, other):
        if type(other) in _PYTHON_SCALARS:
            return const_cls(other).apply((self,))[0]
        if isinstance(other, Variable):
            return node_cls().apply((self, other))[0]
        if isinstance(other, _array_types()) and other.ndim:
            return node_cls().apply((self, _matched(self, other)))[0]
        return const_cls(_constant(self._array, other, op)).apply((self,))[0]

    def reflected(self, other):
        if type(other) in _PYTHON_SCALARS:
            return reverse_cls(other).apply((self,))[0]
        if isinstance(other, Variable):  # called directly: other.__op__(self)
            return node_cls().apply((other, self))[0]
        if isinstance(other, _array_types()) and other.ndim:
            return node_cls().apply((_matched(self, other), self))[0]
        return reverse_cls(_constant(self._array, other, op)).apply((self,))[0]

    return method, reflected


def neg(self):
    return Neg().apply((self,))[0]


def absolute(self):
    """Elementwise absolute value ``|x|`` (also ``abs(x)`` on a Variable).

    Args:
        self (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of the input's shape and dtype; the gradient is ``sign(x) * gy``.
    """
    return Absolute().apply((self,))[0]


def matmul(self, other):
    from kusari.functions.math.matmul import matmul as matmul_
    return matmul_(self, other)


def rmatmul(self, other):
    from kusari.functions.math.matmul import matmul as matmul_
    return matmul_(other, self)


def floordiv(self, other):
    # As Chainer: the floor of the recorded division, a Variable outside the graph.
    return floor(div(self, other))


def rfloordiv(self, other):
    return floor(rdiv(self, other))


def _add_const_rev(value):
    return AddConstant(value)


def _mul_const_rev(value):
    return MulConstant(value)


add, radd = _binary(Add, AddConstant, _add_const_rev, 'add')
sub, rsub = _binary(Sub, lambda v: AddConstant(-v), SubFromConstant, 'sub')
mul, rmul = _binary(Mul, MulConstant, _mul_const_rev, 'mul')
div, rdiv = _binary(Div, lambda v: MulConstant(1.0 / v), DivFromConstant, 'div')
pow, rpow = _binary(PowVarVar, PowVarConst, PowConstVar, 'pow')


def install_variable_arithmetics():
    """Attach the arithmetic operators to ``Variable``."""
    ops = dict(__neg__=neg, __abs__=absolute, __add__=add, __radd__=radd, __sub__=sub,
               __rsub__=rsub, __mul__=mul, __rmul__=rmul, __truediv__=div,
               __rtruediv__=rdiv, __floordiv__=floordiv, __rfloordiv__=rfloordiv,
               __pow__=pow, __rpow__=rpow, __matmul__=matmul, __rmatmul__=rmatmul)
    for name, fn in ops.items():
        setattr(Variable, name, fn)
    Variable.__pos__ = lambda self: self


class MultiAdd(core.FunctionNode):
    """Sum of any number of arrays of one dtype, broadcast against each other, in one node."""

    def forward(self, inputs):
        y = inputs[0]
        for i, x in enumerate(inputs[1:], 1):
            if x.dtype != inputs[0].dtype:
                fail('add', 'xs[{}]'.format(i), 'dtype {} (as xs[0])'.format(inputs[0].dtype),
                     'dtype {}'.format(x.dtype))
            if x.shape != y.shape:
                check_broadcastable('add', y, x, ('the sum of xs[:{}]'.format(i),
                                                  'xs[{}]'.format(i)))
            if i > 1 and x.shape == y.shape:
                y += x  # y is a new array from the second input on
            else:
                y = y + x
        return force_array(y),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], sum_to)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], _sum_to)

    _gradients = Add._gradients


def add_n(*xs):
    """Elementwise sum of variables (Chainer's ``F.add(*xs)``), broadcast against each
    other.

    Args:
        xs (Variables or arrays): one or more inputs whose shapes broadcast together.

    Returns:
        Variable: of the broadcast shape.
    """
    if len(xs) == 1:
        return core.as_variable(xs[0])
    if len(xs) == 2:
        return Add().apply(xs)[0]
    return MultiAdd().apply(xs)[0]
