"""Shift: a zero-FLOP, zero-parameter alternative to spatial convolutions."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import ntuple


class Shift(core.FunctionNode):
    """Shifts channel groups in the directions of the taps of a ``kh x kw`` kernel.

    The channels are split into ``kh * kw`` groups of ``c // (kh * kw)``; group ``g``
    takes tap ``g`` in row-major order, except that the centre tap (no shift) is
    swapped with the last one. Channels left over after the groups stay in place.
    Group ``g`` with tap ``(i, j)`` gets ``y[..., p, q] = x[..., p - dy, q - dx]``
    with ``(dy, dx) = ((i - kh // 2) d_Y, (j - kw // 2) d_X)`` (zero outside).
    """

    def __init__(self, ksize, dilate):
        self.ksize = ksize
        self.dilate = dilate

    def forward(self, inputs):
        x, = inputs
        kh, kw = self.ksize
        if x.dtype.kind != 'f' or x.ndim != 4 or x.shape[1] < kh * kw:
            fail('shift', 'x', 'a 4-d float array with at least {} channels'.format(kh * kw),
                 'shape {} and dtype {}'.format(x.shape, x.dtype))
        xp = get_array_module(x)
        y = xp.zeros_like(x)
        n_groups = kh * kw
        size = x.shape[1] // n_groups
        for g in range(n_groups):
            tap = {n_groups // 2: n_groups - 1, n_groups - 1: n_groups // 2}.get(g, g)
            dy = (tap // kw - kh // 2) * self.dilate[0]
            dx = (tap % kw - kw // 2) * self.dilate[1]
            channels = slice(g * size, (g + 1) * size)
            dst_y, src_y = _shifted(dy, x.shape[2])
            dst_x, src_x = _shifted(dx, x.shape[3])
            y[:, channels, dst_y, dst_x] = x[:, channels, src_y, src_x]
        rest = slice(n_groups * size, None)
        y[:, rest] = x[:, rest]
        return y,

    def backward(self, indexes, grad_outputs):
        # The adjoint of a shift is the opposite shift.
        return Shift(self.ksize, (-self.dilate[0], -self.dilate[1])).apply(grad_outputs)


def _shifted(offset, size):
    """Destination and source slices of a shift by ``offset`` along an axis of ``size``."""
    if offset >= 0:
        return slice(offset, size), slice(0, max(size - offset, 0))
    return slice(0, max(size + offset, 0)), slice(-offset, size)


def shift(x, ksize=3, dilate=1):
    """Shift function (Wu et al., "Shift: A Zero FLOP, Zero Parameter Alternative to
    Spatial Convolutions").

    Args:
        x (Variable or array): float input of shape ``(n, c, h, w)`` with ``c >= k_H * k_W``.
        ksize (int or pair of ints): odd kernel size.
        dilate (int or pair of ints): shift distance per tap (may be negative).

    Returns:
        Variable: output of ``x``'s shape and dtype.
    """
    ksize = ntuple('shift', 'ksize', ksize, 2)
    if ksize[0] % 2 != 1 or ksize[1] % 2 != 1:
        raise ValueError('shift: ksize must be odd, got {}'.format(ksize))
    dilate = ntuple('shift', 'dilate', dilate, 2, minimum=-2 ** 62)
    return Shift(ksize, dilate).apply((x,))[0]
