"""N-dimensional im2col/col2im (Chainer's ``chainer.utils.conv_nd``).

Columns have the layout ``(N, C, k_1, ..., k_n, out_1, ..., out_n)``. kusari's own
convolutions use the blocked kernels of :mod:`kusari.functions.connection._conv_kernels`;
these are for code written against Chainer's helpers. The ``*_gpu`` names are the
same array-module-generic code.
"""

from kusari.utils import _conv_geometry
from kusari.utils.conv import get_conv_outsize  # noqa: F401 - Chainer exports it here too


def as_tuple(x, n):
    """``x`` as an ``n``-tuple: a sequence is returned as a tuple, a scalar repeated.

    A sequence of another length raises AssertionError, as Chainer's does.
    """
    if hasattr(x, '__getitem__'):
        if len(x) != n:
            raise AssertionError('as_tuple: expected a sequence of length {}, got {!r}'
                                 .format(n, x))
        return tuple(x)
    return (x,) * n


def im2col_nd_cpu(img, ksize, stride, pad, pval=0, cover_all=False, dilate=1, out_size=None):
    """Patches of ``img`` ``(N, C, *dims)`` as columns ``(N, C, *ksize, *out_size)``.

    Padding uses the value ``pval``; ``out_size`` defaults to the convolution output size.
    """
    ndim = img.ndim - 2
    return _conv_geometry.im2col(
        img, as_tuple(ksize, ndim), as_tuple(stride, ndim), as_tuple(pad, ndim), pval=pval,
        dilate=as_tuple(dilate, ndim), out_size=out_size, cover_all=cover_all)


def col2im_nd_cpu(col, stride, pad, dims, dilate=1):
    """Sums columns ``(N, C, *ksize, *out_size)`` back into an image ``(N, C, *dims)``.

    The adjoint of :func:`im2col_nd_cpu`: every column entry is added to the pixel it
    was copied from; entries from the padding are dropped.
    """
    ndim = len(dims)
    if col.ndim != 2 + 2 * ndim:
        raise AssertionError('col2im_nd: columns of shape {} do not fit {} spatial dims {}'
                             .format(col.shape, ndim, tuple(dims)))
    return _conv_geometry.col2im(col, as_tuple(stride, ndim), as_tuple(pad, ndim), dims,
                                 as_tuple(dilate, ndim))


def im2col_nd(img, ksize, stride, pad, cover_all=False, dilate=1):
    """:func:`im2col_nd_cpu` with zero padding (Chainer's device-dispatching name)."""
    return im2col_nd_cpu(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate)


def col2im_nd(col, stride, pad, dims, dilate=1):
    """:func:`col2im_nd_cpu` (Chainer's device-dispatching name)."""
    return col2im_nd_cpu(col, stride, pad, dims, dilate)


def im2col_nd_gpu(img, ksize, stride, pad, cover_all=False, dilate=1):
    return im2col_nd(img, ksize, stride, pad, cover_all, dilate)


col2im_nd_gpu = col2im_nd_cpu
