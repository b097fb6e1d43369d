"""Extracting image patches into channels (im2col) and its adjoint (col2im)."""

import numbers

from kusari import core
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.utils import _conv_geometry
from kusari.utils._conv_geometry import get_conv_outsize


def _pair(name, value):
    pair = (value, value) if isinstance(value, numbers.Integral) else tuple(value)
    if len(pair) != 2 or not all(isinstance(v, numbers.Integral) for v in pair):
        fail('im2col', name, 'an int or a pair of ints', value)
    return tuple(int(v) for v in pair)


class Im2Col(core.FunctionNode):
    """Patches as channels: ``(n, c, h, w)`` to ``(n, c * kh * kw, out_h, out_w)``."""

    def __init__(self, ksize, stride, pad, cover_all, dilate):
        self.params = ksize, stride, pad, cover_all, dilate

    def forward(self, inputs):
        x, = inputs
        check_float('im2col', 'x', x)
        check_ndim('im2col', 'x', x, 4)
        (kh, kw), (sy, sx), (ph, pw), cover_all, (dy, dx) = self.params
        if min(get_conv_outsize(x.shape[2], kh, sy, ph, cover_all, dy),
               get_conv_outsize(x.shape[3], kw, sx, pw, cover_all, dx)) <= 0:
            fail('im2col', 'ksize', 'a window that fits the padded input {}'.format(x.shape),
                 (kh, kw))
        self._in_shape = x.shape
        cols = _conv_geometry.im2col(x, (kh, kw), (sy, sx), (ph, pw), dilate=(dy, dx),
                                     cover_all=cover_all)
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
        return _conv_geometry.col2im(col, (sy, sx), (ph, pw), (h, w), (dy, dx)),

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
        Variable: an array of shape ``(n, c * kh * kw, out_h, out_w)`` and ``x``'s
        dtype; channel
        ``(ci * kh + i) * kw + j`` holds pixel ``(i, j)`` of the windows of channel ``ci``.
    """
    ksize, stride, pad, dilate = (_pair(name, value) for name, value in (
        ('ksize', ksize), ('stride', stride), ('pad', pad), ('dilate', dilate)))
    if min(ksize + stride + dilate) < 1 or min(pad) < 0:
        fail('im2col', 'ksize, stride, pad and dilate', 'positive sizes and non-negative pad',
             (ksize, stride, pad, dilate))
    return Im2Col(ksize, stride, pad, cover_all, dilate).apply((x,))[0]
