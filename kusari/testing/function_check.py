"""One-call checker for differentiable functions: :func:`check_function`.

Where Chainer's :class:`~kusari.testing.FunctionTestCase` needs a class per
function, ``check_function`` fits a ``pytest.mark.parametrize``-d test::

    @pytest.mark.parametrize('shape', [(3, 4), ()])
    def test_exp(shape):
        x = numpy.random.uniform(-1, 1, shape)
        check_function(F.exp, x, numpy.exp)

For every dtype (float16, float32, float64 by default; floating inputs are
cast, others kept) it checks, in this order:

1. forward on C-contiguous inputs wrapped in Variables against ``reference``
   (values within tolerance, same number of outputs, same shapes, same dtypes),
   and that the inputs are left unmodified;
2. forward again on non-contiguous raw arrays (functions accept both);
3. backward against numerical gradients computed in float64
   (:func:`kusari.gradient_check.check_backward`), with random output
   gradients, on non-contiguous arrays;
4. double backward the same way (:func:`~kusari.gradient_check.check_double_backward`).

Random numbers (output gradients, check directions, and inputs from a
callable) come from NumPy's global generator seeded with ``seed``; its state
is restored afterwards, so a check is reproducible on its own.
"""

import contextlib

import numpy

from kusari.testing import array as array_module
from kusari.testing.function_link import FunctionTestError

FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)

# Per stage and dtype: float16 arithmetic is ~1e-3 relative per operation and
# second-order gradients chain more operations than first-order ones.
DEFAULT_OPTIONS = {
    'forward': {
        numpy.float16: {'atol': 5e-3, 'rtol': 5e-3},
        numpy.float32: {'atol': 1e-5, 'rtol': 1e-4},
        numpy.float64: {'atol': 1e-9, 'rtol': 1e-7},
    },
    'backward': {
        numpy.float16: {'atol': 1e-2, 'rtol': 1e-2},
        numpy.float32: {'atol': 1e-4, 'rtol': 1e-3},
        numpy.float64: {'atol': 1e-5, 'rtol': 1e-4},
    },
    'double_backward': {
        numpy.float16: {'atol': 5e-2, 'rtol': 5e-2},
        numpy.float32: {'atol': 1e-3, 'rtol': 1e-2},
        numpy.float64: {'atol': 1e-4, 'rtol': 1e-3},
    },
}

_MAX_NONDIFFERENTIABLE_RETRIES = 10


def check_function(function, inputs, reference=None, *, dtypes=FLOAT_DTYPES,
                   forward_options=None, backward_options=None,
                   double_backward_options=None, backward=True, double_backward=True,
                   noncontiguous=True, dodge_nondifferentiable=False, device=None, seed=0):
    """Checks forward values, gradients and second-order gradients of a function.

    Args:
        function: the function under test, called with one Variable (or array)
            per input; returns a Variable or a tuple of Variables. Bind other
            arguments with a lambda: ``lambda x: F.sum(x, axis=1)``.
        inputs: an array, a tuple of arrays, or a callable ``inputs(dtype)``
            returning either. Floating arrays are cast to each checked dtype;
            integer and boolean arrays (labels, indices) are kept and get no
            gradient. A callable is required for ``dodge_nondifferentiable``.
        reference: callable taking NumPy arrays (C-contiguous copies of the
            inputs, already in the checked dtype) and returning the expected
            output array, scalar, or tuple of them; the output dtypes must
            match exactly (cast in the reference if it computes in higher
            precision). None skips the value comparison (random functions).
        dtypes: floating dtypes to check.
        forward_options: keyword arguments of
            :func:`~kusari.testing.assert_allclose` (``atol``, ``rtol``)
            overriding :data:`DEFAULT_OPTIONS`; either one dict for all dtypes
            or a dict mapping dtypes to dicts.
        backward_options: the same for
            :func:`~kusari.gradient_check.check_backward` (``atol``, ``rtol``,
            ``eps``, ``no_grads``).
        double_backward_options: the same for
            :func:`~kusari.gradient_check.check_double_backward`.
        backward (bool): whether to check first-order gradients.
        double_backward (bool): whether to check second-order gradients.
        noncontiguous (bool): whether to use non-contiguous arrays in steps 2-4
            (otherwise step 2 is skipped and 3-4 use C-contiguous arrays).
        dodge_nondifferentiable (bool): when a gradient check lands on a
            non-differentiable point, draw new inputs (up to 10 times).
        device: a kusari device specifier (``'@cupy:0'``) to run on; None for
            the CPU. The reference always runs on the CPU.
        seed (int): seed of NumPy's global generator during the check.

    Raises:
        FunctionTestError: a check failed; the message names the dtype and
            the step.
    """
    if dodge_nondifferentiable and not callable(inputs):
        raise TypeError('check_function: dodge_nondifferentiable=True needs inputs as a '
                        'callable inputs(dtype), so that new inputs can be drawn')
    options = {
        'forward': _per_dtype(forward_options, 'forward_options'),
        'backward': _per_dtype(backward_options, 'backward_options'),
        'double_backward': _per_dtype(double_backward_options, 'double_backward_options'),
    }
    check = _Check(function, reference, device, noncontiguous, options)
    with _seeded(seed):
        for dtype in dtypes:
            dtype = numpy.dtype(dtype)
            if dtype.kind != 'f':
                raise ValueError('check_function: dtypes must be floating, got {}'.format(dtype))
            for _ in range(_MAX_NONDIFFERENTIABLE_RETRIES):
                xs = _make_inputs(inputs, dtype)
                try:
                    check.run(xs, dtype, backward, double_backward, dodge_nondifferentiable)
                    break
                except _Nondifferentiable:
                    continue
            else:
                raise FunctionTestError(
                    'check_function({}): [{}] inputs were at a non-differentiable point in '
                    'all of {} draws'.format(check.name, dtype.name,
                                             _MAX_NONDIFFERENTIABLE_RETRIES))


class _Nondifferentiable(Exception):
    """The drawn inputs are at a non-differentiable point."""


@contextlib.contextmanager
def _seeded(seed):
    state = numpy.random.get_state()
    numpy.random.seed(seed)
    try:
        yield
    finally:
        numpy.random.set_state(state)


def _per_dtype(user, name):
    """``{dtype: options}`` from one options dict or a per-dtype mapping."""
    if user is None:
        return {}
    if not isinstance(user, dict):
        raise TypeError('check_function: {} must be a dict, not {}'.format(
            name, type(user).__name__))
    keys_are_dtypes = [_is_dtype_like(k) for k in user]
    if user and all(keys_are_dtypes):
        return {numpy.dtype(k): dict(v) for k, v in user.items()}
    if any(keys_are_dtypes):
        raise TypeError('check_function: {} mixes dtype keys and option names'.format(name))
    return {None: dict(user)}


def _is_dtype_like(key):
    # Option names ('atol', 'eps', ...) are not dtype names.
    try:
        numpy.dtype(key)
    except TypeError:
        return False
    return True


def _options(options, stage, dtype):
    merged = dict(DEFAULT_OPTIONS[stage].get(dtype.type, {}))
    merged.update(options[stage].get(None, {}))
    merged.update(options[stage].get(dtype, {}))
    return merged


def _as_tuple(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _make_inputs(inputs, dtype):
    arrays = _as_tuple(inputs(dtype) if callable(inputs) else inputs)
    result = []
    for i, x in enumerate(arrays):
        if not isinstance(x, numpy.ndarray):
            raise TypeError('check_function: input {} must be a numpy.ndarray, not {}'.format(
                i, type(x).__name__))
        result.append(x.astype(dtype) if x.dtype.kind == 'f' else x.copy())
    return tuple(result)


def _random_like(arrays, indices):
    return tuple(numpy.random.uniform(-1, 1, arrays[i].shape).astype(arrays[i].dtype)
                 for i in indices)


class _Check:
    """The checks of one function, run per dtype by :func:`check_function`."""

    def __init__(self, function, reference, device, noncontiguous, options):
        from kusari import backend
        self.function = function
        self.name = getattr(function, '__name__', None) or repr(function)
        self.reference = reference
        self.device = backend.get_device(device)
        self.noncontiguous = noncontiguous
        self.options = options

    def _fail(self, dtype, step, message, cause=None):
        raise FunctionTestError('check_function({}): [{}] {} failed.\n{}'.format(
            self.name, dtype.name, step, message)) from cause

    def _layout(self, arrays):
        arrays = self.device.send(arrays)
        return array_module._as_noncontiguous_array(arrays) if self.noncontiguous else arrays

    def _call(self, args, dtype, step):
        from kusari.core import Variable
        outputs = _as_tuple(self.function(*args))
        for i, y in enumerate(outputs):
            if not isinstance(y, Variable):
                self._fail(dtype, step, 'output {} is a {}, not a Variable'.format(
                    i, type(y).__name__))
            if not self.device.is_array_supported(y.array):
                self._fail(dtype, step, 'output {} holds a {}, not an array of {}'.format(
                    i, type(y.array).__name__, self.device))
        return outputs

    def run(self, xs, dtype, backward, double_backward, dodge):
        from kusari.core import Variable
        expected = None
        if self.reference is not None:
            expected = tuple(numpy.asarray(e) for e in _as_tuple(
                self.reference(*[x.copy() for x in xs])))

        # 1. Variables, C-contiguous.
        step = 'forward (Variable inputs, C-contiguous)'
        arrays = self.device.send(tuple(x.copy() for x in xs))
        outputs = self._call(
            [Variable(a, requires_grad=a.dtype.kind == 'f') for a in arrays], dtype, step)
        self._check_unmodified(arrays, xs, dtype, step)
        self._check_outputs(outputs, expected, dtype, step)

        # 2. Raw arrays, non-contiguous.
        if self.noncontiguous:
            step = 'forward (array inputs, non-contiguous)'
            arrays = self._layout(xs)
            raw_outputs = self._call(arrays, dtype, step)
            self._check_unmodified(arrays, xs, dtype, step)
            self._check_outputs(raw_outputs, expected, dtype, step)

        differentiable = [i for i, x in enumerate(xs) if x.dtype.kind == 'f']
        output_arrays = tuple(array_module._to_numpy(y.array) for y in outputs)
        float_outputs = [i for i, y in enumerate(output_arrays) if y.dtype.kind == 'f']
        if not (differentiable and float_outputs):
            return
        gy = dict(zip(float_outputs, _random_like(output_arrays, float_outputs)))
        grad_outputs = tuple(gy.get(i) for i in range(len(outputs)))
        if backward:
            self._gradient_check('backward', xs, grad_outputs, None, dtype, dodge)
        if double_backward:
            ggx = _random_like(xs, differentiable)
            self._gradient_check('double_backward', xs, grad_outputs, ggx, dtype, dodge)

    def _check_unmodified(self, arrays, xs, dtype, step):
        for i, (a, x) in enumerate(zip(arrays, xs)):
            if not numpy.array_equal(array_module._to_numpy(a), x, equal_nan=True):
                self._fail(dtype, step, 'input {} was modified in place'.format(i))

    def _check_outputs(self, outputs, expected, dtype, step):
        if expected is None:
            return
        actual = tuple(array_module._to_numpy(y.array) for y in outputs)
        if len(actual) != len(expected):
            self._fail(dtype, step, '{} outputs, the reference gives {}'.format(
                len(actual), len(expected)))
        for i, (a, e) in enumerate(zip(actual, expected)):
            if a.shape != e.shape or a.dtype != e.dtype:
                self._fail(dtype, step, 'output {} is {} {}, the reference gives {} {}{}'.format(
                    i, a.shape, a.dtype, e.shape, e.dtype,
                    ' (cast the reference result to the expected dtype)'
                    if a.shape == e.shape else ''))
            try:
                array_module.assert_allclose(a, e, **_options(self.options, 'forward', dtype))
            except AssertionError as error:
                self._fail(dtype, step, 'output {}: {}'.format(i, error), error)

    def _gradient_check(self, stage, xs, grad_outputs, grad_grad_inputs, dtype, dodge):
        from kusari import gradient_check
        options = _options(self.options, stage, dtype)
        options.setdefault('dtype', numpy.float64)
        layout = 'non-contiguous' if self.noncontiguous else 'C-contiguous'
        args = [self._layout(xs), self._layout(grad_outputs)]
        if grad_grad_inputs is not None:
            args.append(self._layout(grad_grad_inputs))
        checker = (gradient_check.check_backward if stage == 'backward'
                   else gradient_check.check_double_backward)
        try:
            checker(self.function, *args, detect_nondifferentiable=dodge, **options)
        except gradient_check.NondifferentiableError as error:
            # Raised only when dodging: check_function draws new inputs.
            raise _Nondifferentiable() from error
        except AssertionError as error:
            self._fail(dtype, '{} ({})'.format(stage.replace('_', ' '), layout),
                       '{}\noptions: {}'.format(error, options), error)
