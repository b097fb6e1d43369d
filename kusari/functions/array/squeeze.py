"""Removing axes of length one."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array._axes import axes_of
from kusari.functions.array.reshape import reshape


def squeeze(x, axis=None):
    """Removes axes of length one.

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of int): the axes to remove (each must have
            length one); None removes every axis of length one.

    Returns:
        Variable: ``x`` without those axes (e.g. of shape ``(3, 4)`` for ``x`` of
        shape ``(1, 3, 1, 4)`` and ``axis=None``).
    """
    shape = core.as_array(x).shape
    if axis is None:
        axes = [i for i, n in enumerate(shape) if n == 1]
    else:
        axes = axes_of('squeeze', axis, len(shape))
        for a in axes:
            if shape[a] != 1:
                fail('squeeze', 'axis', 'axes of length one', 'axis {} of shape {}'.format(
                    a, shape))
    return reshape(x, tuple(n for i, n in enumerate(shape) if i not in axes))
