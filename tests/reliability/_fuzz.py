"""The harness of the property-based tests over ``kusari.functions``.

Every generated call is labelled:

- ``VALID``: Chainer accepts it; kusari must return the NumPy reference's shape, dtype
  and values, and backprop gradients of the inputs' shapes and dtypes.
- ``INVALID``: NumPy itself rejects it (shapes that do not broadcast, axes out of
  range, ...); kusari must raise a clear error, never compute something.
- ``EITHER``: NumPy accepts it but Chainer may not (mixed dtypes, integers,
  broadcasting where Chainer wants equal shapes); a clear error or the reference.

A clear error is kusari's ``InvalidType``, or a ``TypeError``/``ValueError`` whose
message names the function; anything else (an ``IndexError``, NumPy's ``AxisError`` or
broadcasting ``ValueError``, an ``AttributeError``, ...) is a crash and fails the test.

Examples per function: a few by default (fixed seed, so CI is repeatable); set
``KUSARI_HYPOTHESIS_PROFILE=full`` for many more, with fresh random seeds.
"""

import os
import warnings

import numpy
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kusari
from kusari.utils.type_check import InvalidType

# Hypothesis's failure report touches mypy_extensions.TypedDict, which warns.
IGNORE_REPORT_WARNING = pytest.mark.filterwarnings(
    'ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning')

VALID, INVALID, EITHER = 'valid', 'invalid', 'either'
LENIENT = 'lenient'  # for check_against: refused by NumPy -> INVALID, else EITHER
UNCHECKED = 'unchecked'  # for check_against: a clear error, or any result (unspecified)
FLOATS = (numpy.float16, numpy.float32, numpy.float64)

_FULL = os.environ.get('KUSARI_HYPOTHESIS_PROFILE') == 'full'
SETTINGS = settings(
    max_examples=300 if _FULL else 12, derandomize=not _FULL, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much, HealthCheck.differing_executors])

# Tolerances against a float64 reference, by the dtype kusari computed in.
TOLERANCES = {numpy.dtype(numpy.float16): dict(rtol=1e-2, atol=1e-2),
              numpy.dtype(numpy.float32): dict(rtol=1e-4, atol=1e-5),
              numpy.dtype(numpy.float64): dict(rtol=1e-7, atol=1e-9)}

CASES_RUN = {'cases': 0}  # counted for the README's table

# Bugs found in functions this suite's author may not change (their families are still
# being written); reported to their authors. The tests run and are expected to fail
# (strictly with the default seed: a fix makes them pass, and the entry must go).
KNOWN_BUGS = {
    'spatial_pyramid_pooling_2d': 'pooling: an input smaller than 2**l per side gives level '
                                  'l fewer than 4**l bins: x (1, 2, 1, 1) with '
                                  'pyramid_height=2 gives (1, 4, 1, 1), not (1, 10, 1, 1)',
}


def names(table):
    """Sorted names of a table as pytest params, known bugs marked as expected failures."""
    return [pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_BUGS[name],
                                                      strict=not _FULL))
            if name in KNOWN_BUGS else name for name in sorted(table)]


class Crash(AssertionError):
    """kusari crashed, or accepted what it must refuse, or computed a wrong result."""


def describe(values):
    parts = []
    for v in values:
        if isinstance(v, kusari.Variable):
            v = v.array
        if isinstance(v, numpy.ndarray):
            parts.append('array{}{}'.format(v.shape, v.dtype))
        elif isinstance(v, (list, tuple)):
            parts.append(type(v).__name__ + '(' + describe(v) + ')')
        else:
            parts.append(repr(v))
    return ', '.join(parts)


def is_clear_error(name, error):
    if isinstance(error, InvalidType):
        return True
    if type(error).__module__.startswith('numpy'):
        return False  # AxisError and its kind: NumPy's words, not the function's
    if isinstance(error, (IndexError, KeyError)):  # a bad index, in kusari's own words
        return str(error).strip('"\'').startswith(name + ':')
    return isinstance(error, (TypeError, ValueError)) and name in str(error)


def call(name, function, args, kwargs=None, expect=VALID):
    """``function(*args, **kwargs)`` checked against ``expect``.

    Returns the output for a call that succeeded (None when it raised a clear error).
    """
    CASES_RUN['cases'] += 1
    kwargs = kwargs or {}
    try:
        # Warnings (NumPy's overflow or empty mean, kusari's own advice) are not
        # failures: the values say whether the result is right.
        with numpy.errstate(all='ignore'), warnings.catch_warnings():
            warnings.simplefilter('ignore')
            out = function(*args, **kwargs)
    except Exception as error:
        if expect == VALID:
            raise Crash('{} refused valid input ({}; {}): {}: {}'.format(
                name, describe(args), kwargs, type(error).__name__, error)) from error
        if not is_clear_error(name, error):
            raise Crash('{}({}; {}) raised an unclear {}: {}'.format(
                name, describe(args), kwargs, type(error).__name__, error)) from error
        return None
    if expect == INVALID:
        raise Crash('{} accepted invalid input ({}; {}) and returned {}'.format(
            name, describe(args), kwargs, describe(as_tuple(out))))
    return out


def reference(function, *args, **kwargs):
    """``function(*args, **kwargs)`` with NumPy's warnings (empty means, overflow)
    silenced: the reference may produce NaN or inf where kusari must too."""
    with warnings.catch_warnings(), numpy.errstate(all='ignore'):
        warnings.simplefilter('ignore', RuntimeWarning)
        return function(*args, **kwargs)


def as_tuple(out):
    return tuple(out) if isinstance(out, (tuple, list)) else (out,)


def array_of(value):
    return value.array if isinstance(value, kusari.Variable) else numpy.asarray(value)


def assert_matches(name, out, expected, dtype=None, tolerance_dtype=None, context='',
                   atol_scale=1):
    """``out`` (Variables) has ``expected``'s shapes and values, and ``dtype``."""
    outs, expecteds = as_tuple(out), as_tuple(expected)
    if len(outs) != len(expecteds):
        raise Crash('{}: {} outputs, expected {} {}'.format(name, len(outs), len(expecteds),
                                                             context))
    for y, e in zip(outs, expecteds):
        y, e = array_of(y), numpy.asarray(e)
        if y.shape != e.shape:
            raise Crash('{}: output shape {}, NumPy gives {} {}'.format(name, y.shape,
                                                                       e.shape, context))
        if dtype is not None and y.dtype != dtype:
            raise Crash('{}: output dtype {}, expected {} {}'.format(name, y.dtype, dtype,
                                                                     context))
        tolerance = dict(TOLERANCES.get(numpy.dtype(tolerance_dtype or y.dtype),
                                        dict(rtol=0, atol=0)))
        tolerance['atol'] *= atol_scale
        if y.dtype.kind == 'f' and e.dtype.kind == 'f':
            with numpy.errstate(over='ignore'):
                e = e.astype(y.dtype)  # what overflows in y's dtype is inf in both
        if y.dtype.kind in 'fc' or e.dtype.kind in 'fc':
            common = numpy.complex128 if 'c' in (y.dtype.kind, e.dtype.kind) \
                else numpy.float64
            numpy.testing.assert_allclose(y.astype(common), e.astype(common),
                                          equal_nan=True, err_msg=name + context,
                                          **tolerance)
        else:
            numpy.testing.assert_array_equal(y, e, err_msg=name + context)


def assert_backprops(name, out, inputs, context=''):
    """Backprop from every float output; each input Variable gets a gradient of its own
    shape and dtype."""
    outs = [y for y in as_tuple(out) if isinstance(y, kusari.Variable)
            and y.dtype.kind == 'f' and y.creator is not None]
    if not outs:
        return
    for x in inputs:
        x.cleargrad()
    rng = numpy.random.RandomState(0)
    grads = [rng.uniform(-1, 1, y.shape).astype(y.dtype) for y in outs]
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')  # as in call(): values, not warnings, decide
        kusari.backward(outs, grads)
    for x in inputs:
        if x.grad is None:
            continue
        if x.grad.shape != x.shape or x.grad.dtype != x.dtype:
            raise Crash('{}: gradient {}{} for an input {}{} {}'.format(
                name, x.grad.shape, x.grad.dtype, x.shape, x.dtype, context))


# -- strategies -------------------------------------------------------------------------

def shapes(min_dims=0, max_dims=4, min_side=0, max_side=4):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


@st.composite
def arrays(draw, shape, dtype, low=-3.0, high=3.0):
    """A float or int array with values in [low, high] (finite)."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'f':
        elements = st.floats(low, high, allow_nan=False, allow_infinity=False, width=64)
        values = draw(hnp.arrays(numpy.float64, shape, elements=elements))
        values = values.astype(dtype)
        return numpy.asarray(numpy.clip(
            values, numpy.nextafter(dtype.type(low), dtype.type(high)),
            numpy.nextafter(dtype.type(high), dtype.type(low))))
    if dtype.kind == 'b':
        return draw(hnp.arrays(dtype, shape))
    return draw(hnp.arrays(dtype, shape, elements=st.integers(int(max(low, -100)),
                                                              int(min(high, 100)))))


float_dtypes = st.sampled_from(FLOATS)
other_dtypes = st.sampled_from([numpy.int32, numpy.int64, numpy.bool_, numpy.complex64])


_REFUSED = object()


def check_against(name, function, args, kwargs, numpy_reference, label=None, dtype=None,
                  differentiable=True, inputs=None, atol_scale=1):
    """Call ``function`` and compare with ``numpy_reference()`` (no arguments).

    With ``label`` None, NumPy decides: what it refuses is INVALID, what it takes is
    VALID; with ``LENIENT``, what it takes is EITHER (Chainer may refuse it); with
    ``UNCHECKED``, any result or a clear error. ``dtype`` is the expected output dtype
    (default: not checked); ``inputs`` the Variables whose gradients are checked;
    ``atol_scale`` widens the absolute tolerance where the function amplifies rounding
    (normalizations divide by ``sqrt(var + eps)``).
    """
    if label == UNCHECKED:
        return call(name, function, args, kwargs, expect=EITHER)
    try:
        expected = reference(numpy_reference)
    except Exception:
        expected = _REFUSED
    if label in (None, LENIENT):
        label = INVALID if expected is _REFUSED else (VALID if label is None else EITHER)
    out = call(name, function, args, kwargs, expect=label)
    if out is None:
        return None
    context = '({}; {})'.format(describe(args), kwargs)
    if expected is _REFUSED:
        raise Crash('{} accepted {}, which NumPy refuses'.format(name, context))
    assert_matches(name, out, expected, dtype=dtype, context=context, atol_scale=atol_scale)
    if differentiable and inputs:
        assert_backprops(name, out, inputs, context)
    return out
