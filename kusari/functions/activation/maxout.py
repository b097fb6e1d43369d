"""Maxout: the maximum over groups of ``pool_size`` channels."""

from kusari.functions._checks import fail
from kusari.functions.array._axes import axis_of
from kusari.functions.array.reshape import reshape
from kusari.functions.math.minmax import max as max_


def maxout(x, pool_size, axis=1):
    """Maximum over consecutive groups of ``pool_size`` entries along ``axis``.

    ``x.shape[axis]`` must be a multiple of ``pool_size``; the output has
    ``x.shape[axis] // pool_size`` entries there.

    Args:
        x (Variable or array): float input with at least one axis, e.g. of shape
            ``(N, C * pool_size)`` for the default ``axis=1``.
        pool_size (int): the size of each group.
        axis (int): the axis of the groups.

    Returns:
        Variable: of ``x``'s dtype and of ``x``'s shape except ``pool_size`` times
        shorter along ``axis``, e.g. ``(N, C)``.
    """
    if not isinstance(pool_size, int) or pool_size <= 0:
        fail('maxout', 'pool_size', 'a positive int', repr(pool_size))
    if x.ndim == 0:
        fail('maxout', 'x', 'an array with at least one axis', 'a 0-d array')
    axis = axis_of('maxout', axis, x.ndim)
    if x.shape[axis] % pool_size:
        fail('maxout', 'x', 'x.shape[{}] divisible by pool_size={}'.format(axis, pool_size),
             'shape {}'.format(x.shape))
    shape = x.shape[:axis] + (x.shape[axis] // pool_size, pool_size) + x.shape[axis + 1:]
    return max_(reshape(x, shape), axis=axis + 1)
