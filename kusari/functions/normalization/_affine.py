"""Parameter shapes and the per-channel affine transform of the normalizations."""

import warnings

from kusari.functions._checks import fail
from kusari.functions._forms import GraphForm
from kusari.graph_optimizations.static_graph_utilities import static_code
from kusari.configuration import config


def reduction_axes(func, x_ndim, gamma_ndim, axis):
    """Chainer's axes of batch statistics: ``axis``, or by default the batch axis and
    every axis after the ``gamma_ndim`` parameter axes."""
    if axis is None:
        return (0,) + tuple(range(gamma_ndim + 1, x_ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if any(not isinstance(a, int) for a in axes) or list(axes) != sorted(set(axes)) or (
            axes and not 0 <= axes[0] <= axes[-1] < x_ndim):
        fail(func, 'axis', 'an int or ascending tuple of ints in [0, {})'.format(x_ndim),
             repr(axis))
    return axes


def check_parameters(func, x, axes, params):
    """Check ``x`` is floating and each of ``params`` (name, array) has the non-reduced shape
    (Chainer's type check: skipped when ``config.type_check`` is off)."""
    if not config.type_check:
        return
    if x.dtype.kind != 'f':
        fail(func, 'x', 'a floating-point array', 'dtype {}'.format(x.dtype))
    shape = tuple(n for i, n in enumerate(x.shape) if i not in axes)
    first = params[0][1]
    for name, param in params:
        if param.shape != shape:
            fail(func, name, 'shape {} (the axes of x not normalized over)'.format(shape),
                 'shape {}'.format(param.shape))
        if param.dtype.kind != 'f' or param.dtype != first.dtype:
            fail(func, name, 'a floating-point array of dtype {}'.format(first.dtype),
                 'dtype {}'.format(param.dtype))


def expanded(param, x_shape, axes, dtype, form=GraphForm):
    """``param`` reshaped to broadcast against ``x`` (1 on ``axes``) and cast to ``dtype``,
    in ``form`` (a Variable, or an array with ArrayForm)."""
    shape = tuple(1 if i in axes else n for i, n in enumerate(x_shape))
    return form.cast(form.reshape(param, shape), dtype)


def parameter_sum(value, axes, dtype, form=GraphForm):
    """``value`` summed over ``axes`` (to a parameter's shape), in the parameter's ``dtype``,
    in ``form``."""
    return form.cast(form.sum(value, axes), dtype)


def warn_single_sample(func, x_shape, axes):
    if all(x_shape[a] == 1 for a in axes):
        warnings.warn(
            '{} received a batch with a single element along all the axes {} of the '
            'statistics: its output is always zero{}'.format(
                func, axes, ' (running evaluation with config.train=True?)'
                if 0 in axes else ''), UserWarning, stacklevel=3)


@static_code  # a static chain's replays update the statistics too
def update_running(running, value, decay, scale=1.0):
    """``running = decay * running + (1 - decay) * scale * value``, in place."""
    running *= decay
    running += ((1 - decay) * scale) * value.reshape(running.shape).astype(running.dtype,
                                                                          copy=False)
