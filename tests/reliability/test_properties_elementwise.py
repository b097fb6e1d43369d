"""Property-based tests: elementwise functions of one and of two arrays.

Random shapes (0-d and empty included), float16/32/64 values in each function's
domain, against NumPy (or SciPy) in float64; then integer, boolean and complex inputs,
mixed dtypes and shapes that do or do not broadcast (see ``_fuzz`` for the labels).
"""

import numpy
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import kusari
import kusari.functions as F
from tests.reliability import _fuzz
from tests.reliability._fuzz import EITHER, INVALID, VALID

pytestmark = _fuzz.IGNORE_REPORT_WARNING


def _special(name):
    def compute(*args):
        import scipy.special
        return getattr(scipy.special, name)(*args)
    return compute


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805

# name: (reference on float64 arrays, low, high, differentiable)
UNARY = {
    'exp': (numpy.exp, -3, 3, True),
    'expm1': (numpy.expm1, -3, 3, True),
    'log': (numpy.log, 0.1, 5, True),
    'log2': (numpy.log2, 0.1, 5, True),
    'log10': (numpy.log10, 0.1, 5, True),
    'log1p': (numpy.log1p, -0.9, 5, True),
    'sqrt': (numpy.sqrt, 0.05, 5, True),
    'rsqrt': (lambda x: 1 / numpy.sqrt(x), 0.1, 5, True),
    'square': (numpy.square, -3, 3, True),
    'absolute': (numpy.abs, -3, 3, True),
    'sign': (numpy.sign, -3, 3, False),
    'floor': (numpy.floor, -3, 3, False),
    'ceil': (numpy.ceil, -3, 3, False),
    'fix': (numpy.fix, -3, 3, False),
    'sin': (numpy.sin, -3, 3, True),
    'cos': (numpy.cos, -3, 3, True),
    'tan': (numpy.tan, -1.3, 1.3, True),
    'arcsin': (numpy.arcsin, -0.9, 0.9, True),
    'arccos': (numpy.arccos, -0.9, 0.9, True),
    'arctan': (numpy.arctan, -3, 3, True),
    'arctanh': (numpy.arctanh, -0.9, 0.9, True),
    'sinh': (numpy.sinh, -3, 3, True),
    'cosh': (numpy.cosh, -3, 3, True),
    'tanh': (numpy.tanh, -3, 3, True),
    'erf': (_special('erf'), -3, 3, True),
    'erfc': (_special('erfc'), -3, 3, True),
    'erfinv': (_special('erfinv'), -0.9, 0.9, True),
    'erfcinv': (_special('erfcinv'), 0.1, 1.9, True),
    'erfcx': (_special('erfcx'), -2, 4, True),
    'ndtr': (_special('ndtr'), -3, 3, True),
    'ndtri': (_special('ndtri'), 0.05, 0.95, True),
    'log_ndtr': (_special('log_ndtr'), -3, 3, True),
    'lgamma': (_special('gammaln'), 0.2, 6, True),
    'digamma': (_special('digamma'), 0.2, 6, True),
    'sigmoid': (_sigmoid, -6, 6, True),
    'hard_sigmoid': (lambda x: numpy.clip(0.2 * x + 0.5, 0, 1), -4, 4, True),
    'relu': (lambda x: numpy.maximum(x, 0), -3, 3, True),
    'relu6': (lambda x: numpy.clip(x, 0, 6), -8, 8, True),
    'elu': (lambda x: numpy.where(x > 0, x, numpy.expm1(x)), -3, 3, True),
    'selu': (lambda x: SELU_SCALE * numpy.where(x > 0, x, SELU_ALPHA * numpy.expm1(x)),
             -3, 3, True),
    'leaky_relu': (lambda x: numpy.where(x >= 0, x, 0.2 * x), -3, 3, True),
    'clipped_relu': (lambda x: numpy.clip(x, 0, 20), -3, 30, True),
    'softplus': (lambda x: numpy.logaddexp(0, x), -5, 5, True),
    'flatten': (numpy.ravel, -3, 3, True),
    'identity': (lambda x: x, -3, 3, True),
}

# Parametric ones: (function of x, reference, low, high).
PARAMETRIC = {
    'clip': (lambda x: F.clip(x, -0.5, 1.5), lambda x: numpy.clip(x, -0.5, 1.5), -3, 3),
    'cast': (lambda x: F.cast(x, numpy.float64), lambda x: x, -3, 3),
    'copy': (lambda x: F.copy(x, -1), lambda x: x, -3, 3),
    'polygamma': (lambda x: F.polygamma(numpy.array(1, numpy.int32), x),
                  lambda x: _special('polygamma')(1, x), 0.5, 5),
    'swish': (lambda x: F.swish(x, numpy.full(x.shape[1:], 1.5, x.dtype)),
              lambda x: x * _sigmoid(1.5 * x), -3, 3),
}

# Functions of two arrays: (reference, low, high).
BINARY = {
    'arctan2': (numpy.arctan2, -3, 3),
    'maximum': (numpy.maximum, -3, 3),
    'minimum': (numpy.minimum, -3, 3),
    'squared_difference': (lambda a, b: (a - b) ** 2, -3, 3),
    'fmod': (numpy.fmod, 0.5, 3),
    'zeta': (_special('zeta'), 1.5, 4),
    'add': (numpy.add, -3, 3),
    'absolute_error': (lambda a, b: numpy.abs(a - b), -3, 3),
    'squared_error': (lambda a, b: (a - b) ** 2, -3, 3),
}

# Python operators on Variables (kusari's basic_math), checked the same way.
OPERATORS = {
    '+': (lambda a, b: a + b, -3, 3),
    '-': (lambda a, b: a - b, -3, 3),
    '*': (lambda a, b: a * b, -3, 3),
    '/': (lambda a, b: a / b, 0.5, 3),
    '**': (lambda a, b: a ** b, 0.5, 2),
    'matmul_op': None,  # matrix products live in test_properties_linalg
}
OPERATORS.pop('matmul_op')


def variable(array):
    return kusari.Variable(array) if array.dtype.kind == 'f' else array


@st.composite
def unary_case(draw, low, high):
    """(array, label): mostly valid floats, sometimes other dtypes."""
    shape = draw(_fuzz.shapes())
    if draw(st.integers(0, 4)):
        return draw(_fuzz.arrays(shape, draw(_fuzz.float_dtypes), low, high)), VALID
    dtype = draw(_fuzz.other_dtypes)
    return draw(_fuzz.arrays(shape, dtype, max(low, 0), high)), EITHER


def check_unary(name, function, reference, low, high, differentiable, data):
    x, label = data.draw(unary_case(low, high))
    xv = variable(x)
    out = _fuzz.call(name, function, (xv,), expect=label)
    if out is None:
        return
    with numpy.errstate(all='ignore'):
        expected = reference(x.astype(numpy.float64) if x.dtype.kind == 'f' else x)
    context = '(x {} {})'.format(x.shape, x.dtype)
    if label == VALID:
        _fuzz.assert_matches(name, out, expected, dtype=x.dtype, context=context)
        if differentiable:
            _fuzz.assert_backprops(name, out, [xv], context)
    else:  # a non-float input that kusari took: the values must still be right
        _fuzz.assert_matches(name, out, expected, tolerance_dtype=numpy.float32,
                             context=context)


@pytest.mark.parametrize('name', _fuzz.names(UNARY))
@_fuzz.SETTINGS
@given(data=st.data())
def test_unary(name, data):
    reference, low, high, differentiable = UNARY[name]
    check_unary(name, getattr(F, name), reference, low, high, differentiable, data)


@pytest.mark.parametrize('name', _fuzz.names(PARAMETRIC))
@_fuzz.SETTINGS
@given(data=st.data())
def test_parametric_unary(name, data):
    function, reference, low, high = PARAMETRIC[name]
    x, label = data.draw(unary_case(low, high))
    # NumPy's own astype warns (ComplexWarning) and drops the imaginary part.
    assume(not (name == 'cast' and x.dtype.kind == 'c'))
    if name == 'swish' and x.ndim == 0:
        label = EITHER  # beta takes the shape of x[0]: a 0-d x has none
    xv = variable(x)
    out = _fuzz.call(name, function, (xv,), expect=label)
    if out is None:
        return
    context = '(x {} {})'.format(x.shape, x.dtype)
    if x.dtype.kind != 'f':
        with numpy.errstate(all='ignore'):
            expected = reference(x if x.dtype.kind == 'c' else x.astype(numpy.float64))
        _fuzz.assert_matches(name, out, expected, tolerance_dtype=numpy.float32,
                             context=context)
        return
    with numpy.errstate(all='ignore'):
        expected = reference(x.astype(numpy.float64))
    dtype = numpy.float64 if name == 'cast' else x.dtype
    _fuzz.assert_matches(name, out, expected, dtype=dtype, tolerance_dtype=x.dtype,
                         context=context)
    _fuzz.assert_backprops(name, out, [xv], context)


@st.composite
def shape_pairs(draw):
    """Two shapes and a label: equal (valid), broadcastable (either), or not."""
    kind = draw(st.sampled_from(['equal', 'broadcast', 'random']))
    if kind == 'equal':
        shape = draw(_fuzz.shapes())
        return shape, shape, VALID
    if kind == 'broadcast':
        shapes = draw(_fuzz.hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=4,
                                                               max_side=4))
        return shapes.input_shapes[0], shapes.input_shapes[1], EITHER
    a, b = draw(_fuzz.shapes(max_side=3)), draw(_fuzz.shapes(max_side=3))
    try:
        numpy.broadcast_shapes(a, b)
    except ValueError:
        return a, b, INVALID
    return a, b, VALID if a == b else EITHER


@st.composite
def binary_case(draw, low, high):
    a_shape, b_shape, label = draw(shape_pairs())
    dtype_kind = draw(st.integers(0, 5))
    if dtype_kind == 0:  # mixed float dtypes
        dtypes = draw(st.permutations(_fuzz.FLOATS))[:2]
        label = INVALID if label == INVALID else EITHER
    elif dtype_kind == 1:
        dtype = draw(_fuzz.other_dtypes)
        dtypes = (dtype, dtype)
        label = INVALID if label == INVALID else EITHER
    else:
        dtype = draw(_fuzz.float_dtypes)
        dtypes = (dtype, dtype)
    a = draw(_fuzz.arrays(a_shape, dtypes[0], low, high))
    b = draw(_fuzz.arrays(b_shape, dtypes[1], low, high))
    return a, b, label


def check_binary(name, function, reference, low, high, data, operator=False):
    a, b, label = data.draw(binary_case(low, high))
    # An operator needs a Variable on the left to be kusari's.
    av, bv = (kusari.Variable(a) if operator else variable(a)), variable(b)
    out = _fuzz.call(name, function, (av, bv), expect=label)
    if out is None:
        return
    context = '(x {}{}, y {}{})'.format(a.shape, a.dtype, b.shape, b.dtype)
    if label == INVALID:
        return
    with numpy.errstate(all='ignore'):
        if a.dtype.kind == 'f' and b.dtype.kind == 'f':
            expected = reference(a.astype(numpy.float64), b.astype(numpy.float64))
        else:
            expected = reference(a, b)
    same_float = a.dtype == b.dtype and a.dtype.kind == 'f'
    _fuzz.assert_matches(name, out, expected, dtype=a.dtype if same_float else None,
                         tolerance_dtype=a.dtype if same_float else numpy.float16,
                         context=context)
    if same_float:
        _fuzz.assert_backprops(name, out, [v for v in (av, bv)
                                           if isinstance(v, kusari.Variable)
                                           and v.dtype.kind == 'f'], context)


@pytest.mark.parametrize('name', _fuzz.names(BINARY))
@_fuzz.SETTINGS
@given(data=st.data())
def test_binary(name, data):
    reference, low, high = BINARY[name]
    check_binary(name, getattr(F, name), reference, low, high, data)


@pytest.mark.parametrize('op', _fuzz.names(OPERATORS))
@_fuzz.SETTINGS
@given(data=st.data())
def test_operators(op, data):
    """Operators on Variables; the error must name the operator's function."""
    function, low, high = OPERATORS[op]
    check_binary(op, function, function, low, high, data, operator=True)


@pytest.mark.parametrize('name', ['linear_interpolate', 'where'])
@_fuzz.SETTINGS
@given(data=st.data())
def test_ternary(name, data):
    a_shape, b_shape, label = data.draw(shape_pairs())
    dtype = data.draw(_fuzz.float_dtypes)
    p = data.draw(_fuzz.arrays(a_shape, dtype, 0, 1))
    x = data.draw(_fuzz.arrays(a_shape, dtype))
    y = data.draw(_fuzz.arrays(b_shape, dtype))
    if name == 'where':
        condition = p > 0.5
        out = _fuzz.call(name, F.where, (condition, variable(x), variable(y)), expect=label)
        if out is not None:
            reference = numpy.where(condition, x.astype(numpy.float64),
                                    y.astype(numpy.float64))
    else:
        out = _fuzz.call(name, F.linear_interpolate, (variable(p), variable(x), variable(y)),
                         expect=label)
        if out is not None:
            p64 = p.astype(numpy.float64)
            reference = p64 * x + (1 - p64) * y
    if out is not None:
        _fuzz.assert_matches(name, out, reference, dtype=dtype)
