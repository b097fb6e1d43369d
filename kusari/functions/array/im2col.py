"""Extracting image patches into channels (im2col) and its adjoint (col2im)."""

import numbers

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail


def _pair(name, value):
    pair = (value, value) if isinstance(value, numbers.Integral) else tuple(value)
    if len(pair) != 2 or not all(isinstance(v, numbers.Integral) for v in pair):
        fail('im2col', name, 'an int or a pair of ints', value)
    return tuple(int(v) for v in pair)


def output_size(size, k, s, p, cover_all=False, d=1):
    """Number of window positions along one axis of length ``size``."""
    span = k + (k - 1) * (d - 1)
    return (size + 2 * p - span + (s - 1 if cover_all else 0)) // s + 1


def im2col_array(x, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1):
    """Patches of a ``(n, c, h, w)`` array as a ``(n, c, kh, kw, out_h, out_w)`` array."""
    xp = get_array_module(x)
    n, c, h, w = x.shape
    out_h = output_size(h, kh, sy, ph, cover_all, dy)
    out_w = output_size(w, kw, sx, pw, cover_all, dx)
    # Pad enough below/right for the last window (cover_all may need more than p).
    bottom = max((out_h - 1) * sy + (kh - 1) * dy + 1 - h - ph, 0)
    right = max((out_w - 1) * sx + (kw - 1) * dx + 1 - w - pw, 0)
    padded = xp.pad(x, ((0, 0), (0, 0), (ph, bottom), (pw, right)))
    s0, s1, s2, s3 = padded.strides
    windows = xp.lib.stride_tricks.as_strided(
        padded, (n, c, kh, kw, out_h, out_w), (s0, s1, s2 * dy, s3 * dx, s2 * sy, s3 * sx))
    return xp.ascontiguousarray(windows)


def col2im_array(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums patches ``(n, c, kh, kw, out_h, out_w)`` back into a ``(n, c, h, w)`` image."""
    xp = get_array_module(col)
    n, c, kh, kw, out_h, out_w = col.shape
    height = max(h + 2 * ph, (out_h - 1) * sy + (kh - 1) * dy + 1)
    width = max(w + 2 * pw, (out_w - 1) * sx + (kw - 1) * dx + 1)
    image = xp.zeros((n, c, height, width), col.dtype)
    for i in range(kh):
        rows = slice(i * dy, i * dy + (out_h - 1) * sy + 1, sy)
        for j in range(kw):
            cols = slice(j * dx, j * dx + (out_w - 1) * sx + 1, sx)
            image[:, :, rows, cols] += col[:, :, i, j]
    return image[:, :, ph:ph + h, pw:pw + w]


class Im2Col(core.FunctionNode):
    """Patches as channels: ``(n, c, h, w)`` to ``(n, c * kh * kw, out_h, out_w)``."""

    def __init__(self, ksize, stride, pad, cover_all, dilate):
        self.params = ksize, stride, pad, cover_all, dilate

    def forward(self, inputs):
        x, = inputs
        check_float('im2col', 'x', x)
        check_ndim('im2col', 'x', x, 4)
        (kh, kw), (sy, sx), (ph, pw), cover_all, (dy, dx) = self.params
        if min(output_size(x.shape[2], kh, sy, ph, cover_all, dy),
               output_size(x.shape[3], kw, sx, pw, cover_all, dx)) <= 0:
            fail('im2col', 'ksize', 'a window that fits the padded input {}'.format(x.shape),
                 (kh, kw))
        self._in_shape = x.shape
        cols = im2col_array(x, kh, kw, sy, sx, ph, pw, cover_all, dy, dx)
        n, c, _, _, out_h, out_w = cols.shape
        return cols.reshape(n, c * kh * kw, out_h, out_w),

    def backward(self, indexes, grad_outputs):
        return Col2Im(self.params, self._in_shape).apply(grad_outputs)


class Col2Im(core.FunctionNode):
    """The adjoint of Im2Col: sums each patch channel back into the image."""

    def __init__(self, params, in_shape):
        self.params = params
        self.in_shape = in_shape

    def forward(self, inputs):
        g, = inputs
        n, c, h, w = self.in_shape
        (kh, kw), (sy, sx), (ph, pw), _, (dy, dx) = self.params
        col = g.reshape(n, c, kh, kw, g.shape[2], g.shape[3])
        return col2im_array(col, sy, sx, ph, pw, h, w, dy, dx),

    def backward(self, indexes, grad_outputs):
        return Im2Col(*self.params).apply(grad_outputs)


def im2col(x, ksize, stride=1, pad=0, cover_all=False, dilate=1):
    """Extracts the patches a convolution filter sees and puts them in the channel axis.

    Windows start at ``-pad`` and move by ``stride``; output sizes are
    ``(h + 2p - k - (k - 1)(d - 1)) // s + 1`` (plus ``s - 1`` in the numerator when
    ``cover_all`` is True, so that every input pixel is covered).

    Args:
        x (Variable or array): a float array of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): filter size ``(kh, kw)``.
        stride (int or pair of ints): filter stride.
        pad (int or pair of ints): zero padding on each side.
        cover_all (bool): add windows so every pixel is covered.
        dilate (int or pair of ints): dilation of the filter.

    Returns:
        Variable: an array of shape ``(n, c * kh * kw, out_h, out_w)``; channel
        ``(ci * kh + i) * kw + j`` holds pixel ``(i, j)`` of the windows of channel ``ci``.
    """
    ksize, stride, pad, dilate = (_pair(name, value) for name, value in (
        ('ksize', ksize), ('stride', stride), ('pad', pad), ('dilate', dilate)))
    if min(ksize + stride + dilate) < 1 or min(pad) < 0:
        fail('im2col', 'ksize, stride, pad and dilate', 'positive sizes and non-negative pad',
             (ksize, stride, pad, dilate))
    return Im2Col(ksize, stride, pad, cover_all, dilate).apply((x,))[0]
