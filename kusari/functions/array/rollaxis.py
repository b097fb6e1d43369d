"""Rolling an axis backwards to a position."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array._axes import axis_of
from kusari.functions.array.transpose import transpose


def rollaxis(x, axis, start=0):
    """Moves ``axis`` of ``x`` to just before position ``start``, as ``numpy.rollaxis``.

    Args:
        x (Variable or array): input of any shape with at least one axis.
        axis (int): the axis to move.
        start (int): the axis is placed before the axis now at ``start``, in
            ``[-ndim, ndim]``.

    Returns:
        Variable: ``x`` with the axis moved (e.g. of shape ``(C, A, B)`` for ``x`` of
        shape ``(A, B, C)``, ``axis=2`` and ``start=0``).
    """
    ndim = core.as_array(x).ndim
    axis = axis_of('rollaxis', axis, ndim)
    if not -ndim <= start <= ndim:
        fail('rollaxis', 'start', 'a position in [{}, {}]'.format(-ndim, ndim), start)
    start = start % ndim if start < 0 else start
    if axis < start:
        start -= 1
    order = [a for a in range(ndim) if a != axis]
    order.insert(start, axis)
    return transpose(x, tuple(order))
