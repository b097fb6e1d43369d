"""Convolution geometry and im2col/col2im helpers (Chainer's ``chainer.utils.conv``).

``im2col_cpu``/``col2im_cpu`` keep Chainer's ``(N, C, kh, kw, out_h, out_w)`` column
layout for code written against it. kusari's own convolutions use the faster
channel-major kernels of :mod:`kusari.functions.connection._conv_kernels`.
The ``*_gpu`` names are the same array-module-generic code.
"""


def get_conv_outsize(size, k, s, p, cover_all=False, d=1):
    """Output length of a convolution along one axis.

    Args:
        size (int): input length.
        k (int): kernel length.
        s (int): stride.
        p (int): padding on each side.
        cover_all (bool): add one more output when the last window would leave
            input elements uncovered.
        d (int): dilation.

    Returns:
        int: the output length.
    """
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return (size + p * 2 - dk + s - 1) // s + 1
    return (size + p * 2 - dk) // s + 1


def get_deconv_outsize(size, k, s, p, cover_all=False, d=1):
    """Output length of a deconvolution (transposed convolution) along one axis.

    The inverse of :func:`get_conv_outsize`: a convolution with the same
    arguments maps an input of the returned length back to ``size``.
    """
    dk = (k - 1) * d + 1
    if cover_all:
        return s * (size - 1) + dk - s + 1 - 2 * p
    return s * (size - 1) + dk - 2 * p


def im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=0, cover_all=False, dy=1, dx=1,
               out_h=None, out_w=None):
    """Patches of ``img`` ``(N, C, H, W)`` as columns ``(N, C, kh, kw, out_h, out_w)``.

    Padding uses the value ``pval``; ``out_h``/``out_w`` default to the
    convolution output size.
    """
    from kusari.utils.conv_nd import im2col_nd_cpu
    h, w = img.shape[2:]
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    return im2col_nd_cpu(img, (kh, kw), (sy, sx), (ph, pw), pval=pval, dilate=(dy, dx),
                         out_size=(out_h, out_w))


def col2im_cpu(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums columns ``(N, C, kh, kw, out_h, out_w)`` back into an image ``(N, C, h, w)``.

    The adjoint of :func:`im2col_cpu`: every column entry is added to the pixel
    it was copied from; entries from the padding are dropped.
    """
    from kusari.utils.conv_nd import col2im_nd_cpu
    return col2im_nd_cpu(col, (sy, sx), (ph, pw), (h, w), (dy, dx))


def im2col(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1, out_h=None,
           out_w=None):
    """:func:`im2col_cpu` with zero padding, for NumPy or CuPy arrays."""
    return im2col_cpu(img, kh, kw, sy, sx, ph, pw, cover_all=cover_all, dy=dy, dx=dx,
                      out_h=out_h, out_w=out_w)


im2col_gpu = im2col
col2im = col2im_gpu = col2im_cpu
