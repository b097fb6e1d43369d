"""Swapping two axes."""

from kusari import core
from kusari.functions.array._axes import axis_of
from kusari.functions.array.transpose import transpose


def swapaxes(x, axis1, axis2):
    """Swaps the axes ``axis1`` and ``axis2`` of ``x``.

    Args:
        x (Variable or array): input.
        axis1 (int): first axis.
        axis2 (int): second axis.

    Returns:
        Variable: ``x`` with the two axes swapped.
    """
    ndim = core.as_array(x).ndim
    a = axis_of('swapaxes', axis1, ndim)
    b = axis_of('swapaxes', axis2, ndim)
    order = list(range(ndim))
    order[a], order[b] = b, a
    return transpose(x, tuple(order))
