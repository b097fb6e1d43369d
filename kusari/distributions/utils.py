"""Helpers shared by the distributions: argument checks, safe logs and random draws."""

import numbers
import warnings

import numpy

from kusari import core
from kusari import functions as F
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.utils import force_array


def parse_kwargs(func, kwargs, *names):
    """The values of the keyword arguments ``names`` (None when absent), in order.

    Raises:
        TypeError: for a keyword argument ``func`` does not take.
    """
    unexpected = sorted(set(kwargs) - set(names))
    if unexpected:
        raise TypeError('{}: got unexpected keyword argument(s) {}; it takes {}'.format(
            func, ', '.join(unexpected), ', '.join(names)))
    return tuple(kwargs.get(name) for name in names)


def as_param(func, arg, value):
    """``value`` (a Variable or array of floats) as a Variable; fails naming ``arg``."""
    array = core.as_array(value)
    if not hasattr(array, 'dtype') or not hasattr(array, 'shape'):
        fail(func, arg, 'a Variable or a numpy/cupy array', type(value).__name__)
    if array.dtype.kind != 'f':
        fail(func, arg, 'a floating-point array', 'dtype {}'.format(array.dtype))
    return core.as_variable(value)


def as_params(func, **values):
    """The named parameters as Variables of one dtype, broadcast to one shape.

    Parameters whose shape already is the common one are returned as they are, so a
    distribution's ``loc`` is the very Variable that was passed in.
    """
    params = [as_param(func, name, value) for name, value in values.items()]
    names = list(values)
    for name, param in zip(names[1:], params[1:]):
        if param.dtype != params[0].dtype:
            fail(func, 'dtypes of {} and {}'.format(names[0], name), 'equal dtypes',
                 '{} and {}'.format(params[0].dtype, param.dtype))
    try:
        shape = numpy.broadcast_shapes(*(p.shape for p in params))
    except ValueError:
        fail(func, 'shapes of ' + ', '.join(names), 'broadcastable shapes',
             ', '.join(str(p.shape) for p in params))
    return [p if p.shape == shape else F.broadcast_to(p, shape) for p in params]


def as_points(x, like):
    """Points ``x`` at which to evaluate, as a Variable ready to combine with ``like``.

    Float Variables pass through (so gradients reach them); arrays, numbers and
    integer Variables (e.g. counts drawn by ``sample``) become Variables of ``like``'s
    dtype, so that arithmetic never starts from a bare array.
    """
    if isinstance(x, core.Variable):
        if x.dtype.kind == 'f':
            return x
        x = x.array
    return core.Variable(like.xp.asarray(x, dtype=like.dtype), requires_grad=False)


def data(x):
    """The array of a Variable, or ``x`` itself."""
    return core.as_array(x)


def normalize_sample_shape(func, sample_shape):
    """``sample_shape`` (an int or a tuple of ints) as a tuple of non-negative ints."""
    shape = (sample_shape,) if isinstance(sample_shape, numbers.Integral) else sample_shape
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, numbers.Integral) and s >= 0 for s in shape):
        fail(func + '.sample', 'sample_shape', 'a non-negative int or a tuple of them',
             repr(sample_shape))
    return tuple(int(s) for s in shape)


def check_sample_count(func, n):
    """``n`` as an int, failing unless it is a non-negative integer."""
    if not isinstance(n, numbers.Integral) or n < 0:
        fail(func + '.sample_n', 'n', 'a non-negative int', repr(n))
    return int(n)


def draw(like, draw_fn, n):
    """``draw_fn(xp.random, shape)`` for ``shape = (n,) + like.shape``, cast to ``like``'s dtype.

    Draws use the global generator of NumPy or CuPy, like Chainer, so
    ``numpy.random.seed`` makes them reproducible.
    """
    xp = like.xp
    return xp.asarray(draw_fn(xp.random, (n,) + like.shape), dtype=like.dtype)


def where_const(condition, x, value):
    """``x`` (Variable or array) where the boolean array ``condition`` holds, else ``value``."""
    xp = get_array_module(x)
    return F.where(xp.asarray(data(condition), dtype=bool), x, xp.asarray(value, dtype=x.dtype))


def positive_part(x, fill=1):
    """``x`` where it is positive, ``fill`` elsewhere: a safe argument for ``log``."""
    return where_const(data(x) > 0, x, fill)


def safe_log(x):
    """``log(x)``, with ``-inf`` at ``x == 0`` and no floating-point warnings."""
    return where_const(data(x) > 0, F.log(positive_part(x)), -numpy.inf)


def xlogy(x, y):
    """``x * log(y)`` with the limit ``0`` where ``x == 0`` and ``y == 0``.

    Where ``y == 0`` and ``x != 0`` it is ``-inf * sign(x)``; no floating-point warnings
    are raised and the gradient there is zero.
    """
    product = x * F.log(positive_part(y))
    xp = product.xp
    x_data = xp.broadcast_to(xp.asarray(data(x)), product.shape)
    limit = xp.where(x_data > 0, -xp.inf, xp.where(x_data < 0, xp.inf, 0)).astype(product.dtype)
    return F.where(xp.broadcast_to(data(y) > 0, product.shape), product, limit)


class ModifiedXLogX(core.FunctionNode):
    """``x * log(x)`` continued by its limit 0 at ``x == 0``.

    The derivative ``1 + log(x)`` has no finite value at 0; the gradient there is taken
    as 0, with a RuntimeWarning, as Chainer does.
    """

    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        return force_array(x * xp.log(xp.where(x > 0, x, 1))),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        zero = x.array == 0
        if zero.any():
            warnings.warn('_modified_xlogx: cannot calculate the gradient of x log x at x = 0; '
                          'it is taken as 0', RuntimeWarning, stacklevel=2)
        return gy * where_const(~zero, 1 + F.log(positive_part(x)), 0),


def _modified_xlogx(x):
    """``x * log(x)`` (Variable or array) with the limit 0 at ``x == 0``; see ModifiedXLogX."""
    return ModifiedXLogX().apply((x,))[0]


def lbeta(a, b):
    """Log of the beta function ``B(a, b)``."""
    return F.lgamma(a) + F.lgamma(b) - F.lgamma(a + b)


def class_indices(func, x, n_classes):
    """The class indices ``x`` (Variable or array) as an integer array, checked in range."""
    x = data(x)
    xp = get_array_module(x)
    x = xp.asarray(x)
    if x.dtype.kind == 'f':
        if not bool((x == xp.floor(x)).all()):
            fail(func + '.log_prob', 'x', 'integer class indices', 'non-integer values')
        x = x.astype(numpy.int64)
    elif x.dtype.kind not in 'iub':
        fail(func + '.log_prob', 'x', 'integer class indices', 'dtype {}'.format(x.dtype))
    if x.size and not bool(((x >= 0) & (x < n_classes)).all()):
        fail(func + '.log_prob', 'x', 'class indices in [0, {})'.format(n_classes),
             'values in [{}, {}]'.format(int(x.min()), int(x.max())))
    return x


def draw_categories(p, n):
    """``n`` draws of class indices from the probability array ``p`` (classes last).

    Inverse-transform sampling vectorized over the batch: the index is the number of
    cumulative probabilities that a uniform draw (scaled by the total) reaches.
    """
    xp = get_array_module(p)
    cumulative = xp.cumsum(p.astype(numpy.float64), axis=-1)
    u = xp.random.uniform(0, 1, (n,) + p.shape[:-1] + (1,)) * cumulative[..., -1:]
    index = (u >= cumulative).sum(axis=-1)
    return xp.minimum(index, p.shape[-1] - 1).astype(numpy.int64)
