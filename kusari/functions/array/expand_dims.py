"""Inserting an axis of length one."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape


def expand_dims(x, axis):
    """Inserts a new axis of length one at ``axis``.

    Args:
        x (Variable or array): input of any shape.
        axis (int): position of the new axis in the output, in
            ``[-x.ndim - 1, x.ndim]``.

    Returns:
        Variable: ``x`` with the new axis: of shape
        ``x.shape[:axis] + (1,) + x.shape[axis:]`` (for a non-negative ``axis``).
    """
    shape = core.as_array(x).shape
    ndim = len(shape)
    if not -ndim - 1 <= axis <= ndim:
        fail('expand_dims', 'axis', 'an axis in [{}, {}]'.format(-ndim - 1, ndim), axis)
    axis %= ndim + 1
    return reshape(x, shape[:axis] + (1,) + shape[axis:])
