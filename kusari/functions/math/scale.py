"""Multiplying by a smaller array along a run of axes (Caffe's scale layer)."""

from kusari.functions.math.bias import along_axes


def scale(x, y, axis=1):
    """``x * y`` with ``y``'s axes matching ``x``'s axes from ``axis`` on, broadcast elsewhere.

    Args:
        x (Variable or array): input, e.g. of shape ``(N, C, H, W)``.
        y (Variable or array): the factors, whose shape equals ``x.shape[axis:axis + y.ndim]``,
            e.g. ``(C,)``.
        axis (int): the first axis of ``x`` that ``y`` matches.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return x * along_axes('scale', x, y, axis)
