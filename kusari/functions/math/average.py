"""Mean and weighted average over axes."""

from kusari.functions._checks import fail
from kusari.functions.array._axes import reduction_axes
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.math.sum import sum


def mean(x, axis=None, weights=None, keepdims=False):
    """Mean of ``x`` over ``axis``, weighted by ``weights`` when given.

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of ints): axes to average over; None: all of them.
        weights (Variable, array or None): weights, of shape ``(x.shape[axis],)``
            along a single ``axis`` or of
            ``x``'s shape (see :func:`average`).
        keepdims (bool): keep the averaged axes with length 1.

    Returns:
        Variable: of ``x``'s dtype and shape without the averaged axes (with them
        as 1 when ``keepdims``).
    """
    if weights is not None:
        return average(x, axis=axis, weights=weights, keepdims=keepdims)
    axes = reduction_axes('mean', axis, x.ndim)
    count = 1
    for a in axes:
        count *= x.shape[a]
    # The mean of no elements is NaN, as in NumPy.
    return sum(x, axis=axes, keepdims=keepdims) * (1.0 / count if count else float('nan'))


def average(x, axis=None, weights=None, keepdims=False):
    """Weighted average of ``x`` over ``axis`` (Chainer's ``F.average``).

    ``weights`` is a 1-D variable along a single ``axis``, or of ``x``'s shape.

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of ints): axes to average over; None: all of them.
        weights (Variable, array or None): weights of shape ``(x.shape[axis],)``
            (a single ``axis``) or of ``x``'s shape; None is the
            plain mean.
        keepdims (bool): keep the averaged axes with length 1.

    Returns:
        Variable: of ``x``'s dtype and shape without the averaged axes (with them
        as 1 when ``keepdims``).
    """
    if weights is None:
        return mean(x, axis=axis, keepdims=keepdims)
    if weights.shape != x.shape:
        if axis is None or not isinstance(axis, int) or weights.ndim != 1 or (
                weights.shape[0] != x.shape[axis]):
            fail('average', 'weights', 'shape {} or a 1-d array along one int axis'.format(
                x.shape), 'shape {} with axis={}'.format(weights.shape, axis))
        shape = [1] * x.ndim
        shape[axis] = weights.shape[0]
        weights = broadcast_to(reshape(weights, tuple(shape)), x.shape)
    total = sum(x * weights, axis=axis, keepdims=keepdims)
    return total / sum(weights, axis=axis, keepdims=keepdims)
