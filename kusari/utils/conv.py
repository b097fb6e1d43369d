"""Convolution geometry and im2col/col2im helpers (Chainer's ``chainer.utils.conv``).

``im2col_cpu``/``col2im_cpu`` keep Chainer's ``(N, C, kh, kw, out_h, out_w)`` column
layout for code written against it; the geometry and both are written once in
:mod:`kusari.utils._conv_geometry`. kusari's own convolutions use the faster
channel-major kernels of :mod:`kusari.functions.connection._conv_kernels`.
The ``*_gpu`` names are the same array-module-generic code.
"""

from kusari.utils import _conv_geometry
from kusari.utils._conv_geometry import get_conv_outsize, get_deconv_outsize  # noqa: F401


def im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=0, cover_all=False, dy=1, dx=1,
               out_h=None, out_w=None):
    """Patches of ``img`` ``(N, C, H, W)`` as columns ``(N, C, kh, kw, out_h, out_w)``.

    Padding uses the value ``pval``; ``out_h``/``out_w`` default to the
    convolution output size.
    """
    h, w = img.shape[2:]
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    return _conv_geometry.im2col(img, (kh, kw), (sy, sx), (ph, pw), pval=pval,
                                 dilate=(dy, dx), out_size=(out_h, out_w))


def col2im_cpu(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums columns ``(N, C, kh, kw, out_h, out_w)`` back into an image ``(N, C, h, w)``.

    The adjoint of :func:`im2col_cpu`: every column entry is added to the pixel
    it was copied from; entries from the padding are dropped.
    """
    return _conv_geometry.col2im(col, (sy, sx), (ph, pw), (h, w), (dy, dx))


def im2col(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1, out_h=None,
           out_w=None):
    """:func:`im2col_cpu` with zero padding, for NumPy or CuPy arrays."""
    return im2col_cpu(img, kh, kw, sy, sx, ph, pw, cover_all=cover_all, dy=dy, dx=dx,
                      out_h=out_h, out_w=out_w)


im2col_gpu = im2col
col2im = col2im_gpu = col2im_cpu
