"""Adding a smaller array along a run of axes (Caffe's bias layer)."""

from kusari.functions._checks import ChainerAssertionError, fail
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.configuration import config


def along_axes(name, x, y, axis):
    """``y`` reshaped and broadcast so that its axes line up with ``x``'s from ``axis``
    (``bias`` and ``scale``)."""
    if axis < 0:
        axis += x.ndim
    if not 0 <= axis <= x.ndim - y.ndim or x.shape[axis:axis + y.ndim] != y.shape:
        expected = 'x.shape[{0}:{0} + y.ndim] with x.shape={1}'.format(axis, x.shape)
        if config.debug:  # Chainer asserts the shapes in debug mode
            raise ChainerAssertionError('{}: y.shape must be {}, but is {}'.format(
                name, expected, y.shape))
        fail(name, 'shape of y', expected, y.shape)
    shape = (1,) * axis + y.shape + (1,) * (x.ndim - axis - y.ndim)
    return broadcast_to(reshape(y, shape), x.shape)


def bias(x, y, axis=1):
    """``x + y`` with ``y``'s axes matching ``x``'s axes from ``axis`` on, broadcast elsewhere.

    For example ``x`` of shape ``(2, 3, 4)`` with ``y`` of shape ``(3,)`` adds ``y`` along
    axis 1.

    Args:
        x (Variable or array): input, e.g. of shape ``(N, C, H, W)``.
        y (Variable or array): the biases, whose shape equals ``x.shape[axis:axis + y.ndim]``,
            e.g. ``(C,)``.
        axis (int): the first axis of ``x`` that ``y`` matches.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return x + along_axes('bias', x, y, axis)
