"""Swapping two axes."""

from kusari import core
from kusari.functions.array._axes import axis_of
from kusari.functions.array.transpose import transpose


def swapaxes(x, axis1, axis2):
    """Swaps the axes ``axis1`` and ``axis2`` of ``x``.

    Args:
        x (Variable or array): input of any shape with at least one axis.
        axis1 (int): first axis.
        axis2 (int): second axis.

    Returns:
        Variable: ``x`` with the two axes swapped (e.g. of shape ``(C, B, A)`` for
        ``x`` of shape ``(A, B, C)``, ``axis1=0`` and ``axis2=2``).
    """
    ndim = core.as_array(x).ndim
    a = axis_of('swapaxes', axis1, ndim)
    b = axis_of('swapaxes', axis2, ndim)
    order = list(range(ndim))
    order[a], order[b] = b, a
    return transpose(x, tuple(order))
