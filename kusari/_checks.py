"""The graph core's checks of what functions give back, kept out of ``kusari.core``.

Each raises an error naming the function; the messages keep Chainer's wording, which
programs and tests match. Most run only when something is off (or in debug mode);
normalize_outputs runs for every forward whose outputs are not one NumPy array.
"""

import sys
import traceback

import numpy


class GradientDtypeError(TypeError, ValueError):
    """A backward gave a gradient whose dtype differs from its input's (a TypeError,
    as Chainer raises it outside debug mode, and a ValueError, as within)."""


def array_types():
    """The array classes a Variable may hold: numpy.ndarray, plus cupy.ndarray if loaded."""
    cupy = sys.modules.get('cupy')
    return (numpy.ndarray,) if cupy is None else (numpy.ndarray, cupy.ndarray)


def normalize_outputs(func, outputs):
    """``outputs`` of ``func.forward`` checked to be a tuple of arrays; NumPy scalars
    (what NumPy gives for 0-d results) become 0-d arrays."""
    if type(outputs) is not tuple:
        raise TypeError('{}: forward output must be a tuple of ndarrays, not {}'.format(
            func.label, type(outputs).__name__))
    normalized = []
    for y in outputs:
        if type(y) is not numpy.ndarray:
            if isinstance(y, numpy.generic):
                y = numpy.asarray(y)
            if not isinstance(y, array_types()):
                raise TypeError('{}: forward output must be a tuple of ndarrays, but '
                                'output {} is {}'.format(func.label, len(normalized),
                                                         type(y).__name__))
        normalized.append(y)
    return tuple(normalized)


def check_same_device(func, in_data):
    """Refuse inputs on different devices (NumPy and CuPy, or two GPUs): no silent copies."""
    cupy = sys.modules['cupy']

    def where(x):
        return '@cupy:{}'.format(x.device.id) if isinstance(x, cupy.ndarray) else '@numpy'

    devices = {where(x) for x in in_data if isinstance(x, (numpy.ndarray, cupy.ndarray))}
    if len(devices) > 1:
        described = ', '.join('input {}: {} on {}'.format(i, x.shape, where(x))
                              for i, x in enumerate(in_data) if x is not None)
        raise TypeError('{}: inputs are on different devices ({}); move them to one device '
                        'first (e.g. Variable.to_device)'.format(func.label, described))


class TypeCheckMethod:
    """``FunctionNode.check_type_forward``: check input types with
    ``kusari.utils.type_check`` expectations. A no-op until a subclass overrides it or code
    sets it on an instance (as mocks do), which also makes apply call it."""

    def __get__(self, node, cls=None):
        if node is None:
            return self
        return node.__dict__.get('check_type_forward', _ignore_types)

    def __set__(self, node, method):
        node.__dict__['check_type_forward'] = method
        node._checks_types = node._forward_checked = True


def _ignore_types(in_types):
    pass


def check_types(func, in_data, type_check):
    """Run ``func.check_type_forward`` cheaply (light mode); on failure, run it again on
    expression trees to build a readable message naming the function."""
    try:
        with type_check.light_mode:
            func.check_type_forward(type_check.get_light_types(in_data))
        return
    except type_check.InvalidType:
        pass
    with type_check.get_function_check_context(func):
        func.check_type_forward(type_check.get_types(in_data, 'in_types', False))


def check_finite(func, arrays, phase):
    """Raise, naming the function and where it was created, on NaN or Inf (debug mode)."""
    from kusari import backend
    for array in arrays:
        if array is None or array.dtype.kind not in 'fc':
            continue
        xp = backend.get_array_module(array)
        if not bool(xp.isfinite(array).all()):
            where = ''
            if func.stack:
                where = '\nThe function was created at:\n' + ''.join(
                    traceback.format_list(func.stack))
            kind = 'NaN' if bool(xp.isnan(array).any()) else 'Inf'
            raise RuntimeError('{} is detected on {} computation of {} (config.debug is on).{}'
                               .format(kind, phase, func.label, where))


def add_creation_stack(func, error):
    """Append to ``error``'s message where ``func`` was created (known in debug mode)."""
    if func.stack is None:
        return
    stack = '\nStacktrace of the function is below:\n' + ''.join(
        traceback.format_list(func.stack))
    error.args = ((str(error.args[0]) if error.args else '') + stack,) + error.args[1:]


def check_grads_in_debug_mode(func, gxs, variables_expected):
    """In debug mode: backward gave Variables (backward_arrays: arrays), all finite."""
    from kusari.core import Variable
    arrays = []
    for gx in gxs:
        if gx is None:
            continue
        if variables_expected and not isinstance(gx, Variable):
            raise ValueError('type of gradients returned from backward is incorrect: {} gave '
                             '{} != expected {}'.format(func.label, type(gx), Variable))
        arrays.append(gx.array if isinstance(gx, Variable) else gx)
    check_finite(func, arrays, 'backward')


def select_target_grads(func, gxs, targets):
    """Accept a backward that returned one gradient per input instead of per target."""
    if len(gxs) == len(func.inputs):
        return tuple([gxs[i] for i in targets])
    expected = len(func.inputs) if len(func.inputs) == len(targets) else '{} or {}'.format(
        len(func.inputs), len(targets))
    raise ValueError('number of gradients returned from backward is incorrect: {} returned {} '
                     '!= expected {}'.format(func.label, len(gxs), expected))


def check_grad(func, index, node, array):
    """Raise if the gradient array for input ``index`` does not match its shape or dtype."""
    if node.shape is not None and array.shape != node.shape:
        raise ValueError('shape of gradients returned from backward is incorrect: {} gave '
                         'input-index={} a gradient of shape {} != expected {}'.format(
                             func.label, index, array.shape, node.shape))
    if node.dtype is not None and array.dtype != node.dtype:
        raise GradientDtypeError(
            'dtype of gradients returned from backward is incorrect: {} gave input-index={} '
            'a gradient of dtype {} != expected {}'.format(
                func.label, index, array.dtype, node.dtype))
