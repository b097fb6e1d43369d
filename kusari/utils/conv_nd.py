"""N-dimensional im2col/col2im (Chainer's ``chainer.utils.conv_nd``).

Columns have the layout ``(N, C, k_1, ..., k_n, out_1, ..., out_n)``. kusari's own
convolutions use the blocked kernels of :mod:`kusari.functions.connection._conv_kernels`;
these are for code written against Chainer's helpers. The ``*_gpu`` names are the
same array-module-generic code.
"""

import itertools

from kusari.backend import get_array_module
from kusari.utils.conv import get_conv_outsize  # NOQA (Chainer exports it here too)


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


def _window_slices(offsets, stride, out_size):
    return tuple(slice(o, o + s * n, s) for o, s, n in zip(offsets, stride, out_size))


def im2col_nd_cpu(img, ksize, stride, pad, pval=0, cover_all=False, dilate=1, out_size=None):
    """Patches of ``img`` ``(N, C, *dims)`` as columns ``(N, C, *ksize, *out_size)``.

    Padding uses the value ``pval``; ``out_size`` defaults to the convolution output size.
    """
    xp = get_array_module(img)
    ndim = img.ndim - 2
    ksize, stride, pad = as_tuple(ksize, ndim), as_tuple(stride, ndim), as_tuple(pad, ndim)
    dilate = as_tuple(dilate, ndim)
    dims = img.shape[2:]
    if out_size is None:
        out_size = tuple(get_conv_outsize(d, k, s, p, cover_all, di)
                         for d, k, s, p, di in zip(dims, ksize, stride, pad, dilate))
    if any(o <= 0 for o in out_size):
        raise ValueError('im2col: the output size {} is not positive for input {}'
                         .format(tuple(out_size), img.shape))
    # The far side is padded so the last window (cover_all) stays inside.
    far = tuple(max(p, (o - 1) * s + (k - 1) * di + 1 - d - p)
                for d, k, s, p, di, o in zip(dims, ksize, stride, pad, dilate, out_size))
    padded = xp.pad(img, ((0, 0), (0, 0)) + tuple(zip(pad, far)),
                    mode='constant', constant_values=(pval,))
    col = xp.empty(img.shape[:2] + ksize + tuple(out_size), dtype=img.dtype)
    for kernel_index in itertools.product(*[range(k) for k in ksize]):
        offsets = [i * di for i, di in zip(kernel_index, dilate)]
        col[(slice(None), slice(None)) + kernel_index] = \
            padded[(slice(None), slice(None)) + _window_slices(offsets, stride, out_size)]
    return col


def col2im_nd_cpu(col, stride, pad, dims, dilate=1):
    """Sums columns ``(N, C, *ksize, *out_size)`` back into an image ``(N, C, *dims)``.

    The adjoint of :func:`im2col_nd_cpu`: every column entry is added to the pixel it
    was copied from; entries from the padding are dropped.
    """
    xp = get_array_module(col)
    ndim = len(dims)
    if col.ndim != 2 + 2 * ndim:
        raise AssertionError('col2im_nd: columns of shape {} do not fit {} spatial dims {}'
                             .format(col.shape, ndim, tuple(dims)))
    stride, pad, dilate = as_tuple(stride, ndim), as_tuple(pad, ndim), as_tuple(dilate, ndim)
    ksize = col.shape[2:2 + ndim]
    out_size = col.shape[2 + ndim:]
    padded_dims = tuple(max(d + 2 * p, (o - 1) * s + (k - 1) * di + 1 + p)
                        for d, k, s, p, di, o in zip(dims, ksize, stride, pad, dilate, out_size))
    img = xp.zeros(col.shape[:2] + padded_dims, dtype=col.dtype)
    for kernel_index in itertools.product(*[range(k) for k in ksize]):
        offsets = [i * di for i, di in zip(kernel_index, dilate)]
        img[(slice(None), slice(None)) + _window_slices(offsets, stride, out_size)] += \
            col[(slice(None), slice(None)) + kernel_index]
    return img[(slice(None), slice(None)) + tuple(slice(p, p + d) for p, d in zip(pad, dims))]


def im2col_nd(img, ksize, stride, pad, cover_all=False, dilate=1):
    """:func:`im2col_nd_cpu` with zero padding (Chainer's device-dispatching name)."""
    return im2col_nd_cpu(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate)


def col2im_nd(col, stride, pad, dims, dilate=1):
    """:func:`col2im_nd_cpu` (Chainer's device-dispatching name)."""
    return col2im_nd_cpu(col, stride, pad, dims, dilate)


def im2col_nd_gpu(img, ksize, stride, pad, cover_all=False, dilate=1):
    return im2col_nd(img, ksize, stride, pad, cover_all, dilate)


col2im_nd_gpu = col2im_nd_cpu
