"""Property-based tests: functions along axes (reductions, cumulative, softmax, ...).

Axes are drawn valid (None, an int, a tuple of distinct axes, negative ones too) and
invalid (out of range, repeated, wrong type); empty arrays and 0-d arrays included.
"""

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import kusari
import kusari.functions as F
from tests.reliability import _fuzz
from tests.reliability._fuzz import EITHER, INVALID, VALID

pytestmark = _fuzz.IGNORE_REPORT_WARNING


def _logsumexp(x, axis=None, keepdims=False):
    return numpy.log(numpy.sum(numpy.exp(x), axis=axis, keepdims=keepdims))  # |x| <= 3


def _softmax(x, axis):
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis):
    return x - _logsumexp(x, axis=axis, keepdims=True)


# name: (reference(x, axis, keepdims), axis forms ('tuple' or 'int'), keepdims?,
#        empty reductions ('ok', 'error' or 'either'), output dtype ('same' or a dtype),
#        differentiable)
REDUCTIONS = {
    'sum': (numpy.sum, 'tuple', True, 'ok', 'same', True),
    'mean': (numpy.mean, 'tuple', True, 'either', 'same', True),
    'average': (numpy.mean, 'tuple', True, 'either', 'same', True),
    'prod': (numpy.prod, 'tuple', True, 'ok', 'same', True),
    'max': (numpy.max, 'tuple', True, 'error', 'same', True),
    'min': (numpy.min, 'tuple', True, 'error', 'same', True),
    'logsumexp': (_logsumexp, 'tuple', False, 'either', 'same', True),
    'argmax': (numpy.argmax, 'int', False, 'error', numpy.int32, False),
    'argmin': (numpy.argmin, 'int', False, 'error', numpy.int32, False),
}

# Along one axis: name: (function(x, axis), reference(x, axis), the axis forms Chainer
# takes besides an int: 'none' (flattens or all axes), 'tuple', 'empty' (the tuple ()).
ALONG_AXIS = {
    'cumsum': (F.cumsum, lambda x, axis: numpy.cumsum(x, axis=axis), {'none'}),
    'cumprod': (F.cumprod, lambda x, axis: numpy.cumprod(x, axis=axis), {'none'}),
    'softmax': (F.softmax, _softmax, set()),
    'log_softmax': (F.log_softmax, _log_softmax, set()),
    'normalize': (lambda x, axis: F.normalize(x, axis=axis),
                  lambda x, axis: x / (numpy.sqrt((x * x).sum(axis=axis, keepdims=True))
                                       + 1e-5), {'none', 'tuple', 'empty'}),
    'flip': (F.flip, lambda x, axis: numpy.flip(x, axis), set()),
    'crelu': (lambda x, axis: F.crelu(x, axis=axis),
              lambda x, axis: numpy.concatenate([numpy.maximum(x, 0),
                                                 numpy.maximum(-x, 0)], axis=axis), set()),
    'separate': (lambda x, axis: F.separate(x, axis=axis),
                 lambda x, axis: tuple(numpy.moveaxis(x, axis, 0)), set()),
}


def _reference_input(name, x):
    """x in float64, except for products and running sums: they overflow (then inf * 0
    is nan) or accumulate rounding (a float16 cumsum) as NumPy's do in x's own dtype."""
    return x if name in ('prod', 'cumprod', 'cumsum') else x.astype(numpy.float64)


@st.composite
def axes(draw, ndim, form):
    """(axis, label): valid, or invalid in one of the ways users get wrong."""
    kind = draw(st.sampled_from(['none', 'int', 'tuple', 'out_of_range', 'repeated',
                                 'float']))
    if kind == 'none':
        return None, VALID
    if kind == 'float':
        return 1.0, INVALID
    if kind == 'out_of_range':
        axis = draw(st.sampled_from([ndim, ndim + 1, -ndim - 1]))
        return (axis if form == 'int' or draw(st.booleans()) else (axis,)), INVALID
    if ndim == 0:
        return 0, INVALID
    axis = draw(st.integers(-ndim, ndim - 1))
    if kind == 'int' or form == 'int' and kind != 'repeated':
        return axis, VALID
    if kind == 'repeated':
        return ((axis, axis % ndim - ndim) if form == 'tuple' else (axis,)), INVALID
    chosen = draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim))
    return tuple(a - ndim if draw(st.booleans()) else a for a in chosen), VALID


@st.composite
def reduction_case(draw, form, empty):
    shape = draw(_fuzz.shapes())
    dtype = draw(_fuzz.float_dtypes)
    x = draw(_fuzz.arrays(shape, dtype))
    axis, label = draw(axes(x.ndim, form))
    if label == VALID:
        reduced = range(x.ndim) if axis is None else (
            [a % x.ndim for a in axis] if isinstance(axis, tuple) else [axis % x.ndim])
        if any(x.shape[a] == 0 for a in reduced) or (axis is None and x.size == 0):
            label = {'ok': VALID, 'error': INVALID, 'either': EITHER}[empty]
    return x, axis, label


@pytest.mark.parametrize('name', _fuzz.names(REDUCTIONS))
@_fuzz.SETTINGS
@given(data=st.data())
def test_reductions(name, data):
    reference, form, has_keepdims, empty, dtype, differentiable = REDUCTIONS[name]
    x, axis, label = data.draw(reduction_case(form, empty))
    keepdims = has_keepdims and data.draw(st.booleans())
    kwargs = {'axis': axis}
    if keepdims:
        kwargs['keepdims'] = True
    xv = kusari.Variable(x)
    out = _fuzz.call(name, getattr(F, name), (xv,), kwargs, expect=label)
    if out is None:
        return
    context = '(x {} {}, {})'.format(x.shape, x.dtype, kwargs)
    expected = _fuzz.reference(reference, _reference_input(name, x), **kwargs)
    _fuzz.assert_matches(name, out, expected, dtype=x.dtype if dtype == 'same' else dtype,
                         tolerance_dtype=x.dtype, context=context)
    if differentiable:
        _fuzz.assert_backprops(name, out, [xv], context)


@pytest.mark.parametrize('name', _fuzz.names(ALONG_AXIS))
@_fuzz.SETTINGS
@given(data=st.data())
def test_along_an_axis(name, data):
    function, reference, forms = ALONG_AXIS[name]
    shape = data.draw(_fuzz.shapes())
    dtype = data.draw(_fuzz.float_dtypes)
    x = data.draw(_fuzz.arrays(shape, dtype))
    axis, label = data.draw(axes(x.ndim, 'tuple' if 'tuple' in forms else 'int'))
    if axis is None and 'none' not in forms or isinstance(axis, tuple) and (
            'tuple' not in forms or not axis and 'empty' not in forms):
        label = INVALID
    if label == VALID and x.size == 0 and name in ('softmax', 'log_softmax'):
        label = EITHER  # over no elements: an empty result or a clear error
    xv = kusari.Variable(x)
    out = _fuzz.call(name, function, (xv, axis), expect=label)
    if out is None:
        return
    context = '(x {} {}, axis={})'.format(x.shape, x.dtype, axis)
    with numpy.errstate(all='ignore'):
        expected = x if x.size == 0 and name in ('softmax', 'log_softmax', 'normalize') \
            else reference(_reference_input(name, x), axis)
    _fuzz.assert_matches(name, out, expected, dtype=x.dtype, context=context)
    _fuzz.assert_backprops(name, out, [xv], context)


@_fuzz.SETTINGS
@given(data=st.data())
def test_batch_l2_norm_squared(data):
    shape = data.draw(_fuzz.shapes())
    x = data.draw(_fuzz.arrays(shape, data.draw(_fuzz.float_dtypes)))
    label = VALID if x.ndim >= 2 else INVALID  # a batch axis and at least one more
    xv = kusari.Variable(x)
    out = _fuzz.call('batch_l2_norm_squared', F.batch_l2_norm_squared, (xv,), expect=label)
    if out is not None:
        expected = (x.astype(numpy.float64) ** 2).sum(axis=tuple(range(1, x.ndim)))
        _fuzz.assert_matches('batch_l2_norm_squared', out, expected, dtype=x.dtype)
        _fuzz.assert_backprops('batch_l2_norm_squared', out, [xv])


@_fuzz.SETTINGS
@given(data=st.data())
def test_weighted_average(data):
    shape = data.draw(_fuzz.shapes(min_dims=1))
    x = data.draw(_fuzz.arrays(shape, numpy.float32))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    length = data.draw(st.sampled_from([x.shape[axis], x.shape[axis] + 1]))
    weights = data.draw(_fuzz.arrays((length,), numpy.float32, 0.5, 2))
    label = VALID if length == x.shape[axis] and length > 0 else (
        EITHER if length == 0 else INVALID)
    xv = kusari.Variable(x)
    out = _fuzz.call('average', F.average, (xv,), {'axis': axis, 'weights': weights},
                     expect=label)
    if out is not None:
        weighted = (x.astype(numpy.float64) * weights.reshape(
            (-1,) + (1,) * (x.ndim - axis % x.ndim - 1))).sum(axis=axis)
        expected = _fuzz.reference(numpy.divide, weighted, weights.sum(dtype=numpy.float64))
        _fuzz.assert_matches('average', out, expected, dtype=x.dtype)
        _fuzz.assert_backprops('average', out, [xv])
