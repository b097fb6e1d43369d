"""Multiplying by a smaller array along a run of axes (Caffe's scale layer)."""

from kusari.functions.math.bias import along_axes


def scale(x, y, axis=1):
    """``x * y`` with ``y``'s axes matching ``x``'s axes from ``axis`` on, broadcast elsewhere."""
    return x * along_axes('scale', x, y, axis)
