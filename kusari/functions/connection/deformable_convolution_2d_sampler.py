"""Two-dimensional deformable convolution with given offsets."""

from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array.pad import pad as pad_
from kusari.functions.array.reshape import reshape
from kusari.functions.array.spatial_transformer_sampler import spatial_transformer_sampler
from kusari.functions.array.stack import stack
from kusari.functions.array.transpose import transpose
from kusari.functions.connection._conv_args import ntuple
from kusari.functions.connection.linear import linear


def deformable_convolution_2d_sampler(x, offset, W, b=None, stride=1, pad=0):
    """Two-dimensional deformable convolution using computed offsets.

    Each filter tap ``(p, q)`` of output position ``(i, j)`` reads the zero-padded
    input bilinearly at ``(i s_Y + p + dy, j s_X + q + dx)``, where
    ``dx = offset[:, p k_W + q, i, j]`` and ``dy = offset[:, k_H k_W + p k_W + q, i, j]``.

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h, w)``.
        offset (Variable or array): offsets of shape ``(n, 2 k_H k_W, h_O, w_O)``;
            the first ``k_H k_W`` channels are horizontal offsets, the last
            ``k_H k_W`` vertical ones.
        W (Variable or array): filters of shape ``(c_O, c_I, k_H, k_W)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): zero padding on both sides of each spatial axis.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)`` and ``x``'s dtype, with
        ``h_O = (h + 2 p_H - k_H) // s_Y + 1`` (and likewise ``w_O``).
    """
    func = 'deformable_convolution_2d_sampler'
    sy, sx = ntuple(func, 'stride', stride, 2)
    ph, pw = ntuple(func, 'pad', pad, 2, minimum=0)
    if x.ndim != 4 or W.ndim != 4 or x.shape[1] != W.shape[1]:
        fail(func, 'shapes of x and W', 'x (n, c_I, h, w) and W (c_O, c_I, k_H, k_W)',
             'x {} and W {}'.format(x.shape, W.shape))
    n, c, h, w = x.shape
    out_c, _, kh, kw = W.shape
    out_h, out_w = (h + 2 * ph - kh) // sy + 1, (w + 2 * pw - kw) // sx + 1
    if offset.shape != (n, 2 * kh * kw, out_h, out_w):
        fail(func, 'offset', 'shape {}'.format((n, 2 * kh * kw, out_h, out_w)),
             'shape {}'.format(offset.shape))
    taps = kh * kw
    padded_h, padded_w = h + 2 * ph, w + 2 * pw
    xp = get_array_module(offset)
    dtype = offset.dtype
    # Undeformed sampling points (tap, i, j) in padded pixel coordinates.
    base_y = (xp.arange(kh).reshape(kh, 1, 1, 1) +
              sy * xp.arange(out_h).reshape(1, 1, out_h, 1)).astype(dtype)
    base_x = (xp.arange(kw).reshape(1, kw, 1, 1) +
              sx * xp.arange(out_w).reshape(1, 1, 1, out_w)).astype(dtype)
    base_y = xp.broadcast_to(base_y, (kh, kw, out_h, out_w)).reshape(taps, out_h, out_w)
    base_x = xp.broadcast_to(base_x, (kh, kw, out_h, out_w)).reshape(taps, out_h, out_w)
    # The sampler's coordinates: -1 and 1 are the first and last (padded) pixels.
    grid_x = (offset[:, :taps] + base_x) * (2.0 / max(padded_w - 1, 1)) - 1
    grid_y = (offset[:, taps:] + base_y) * (2.0 / max(padded_h - 1, 1)) - 1
    grid = reshape(stack([grid_x, grid_y], axis=1), (n, 2, taps * out_h, out_w))
    x_pad = pad_(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)), 'constant')
    col = reshape(spatial_transformer_sampler(x_pad, grid), (n, c * taps, out_h * out_w))
    col = reshape(transpose(col, (0, 2, 1)), (n * out_h * out_w, c * taps))
    y = linear(col, reshape(W, (out_c, c * taps)), b)
    return transpose(reshape(y, (n, out_h, out_w, out_c)), (0, 3, 1, 2))
