"""Geometry of sliding windows (convolution, pooling, im2col), written once.

Along one axis, a window of ``k`` taps dilated by ``d`` starts at each multiple of the
stride ``s`` of an input padded by ``p`` on both sides. Every size, padding and slice
that convolutions and poolings derive from this is computed here, and the im2col and
col2im of Chainer's column layout ``(N, C, *ksize, *out_size)`` are here too; the
public names (``chainer.utils.conv``, ``chainer.utils.conv_nd``,
``chainer.functions.im2col``) are thin names over these.
"""

import itertools
import math

import numpy

from kusari.backend import get_array_module


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
    return (size + 2 * p - window_extent(k, d) + (s - 1 if cover_all else 0)) // s + 1


def get_deconv_outsize(size, k, s, p, cover_all=False, d=1):
    """Output length of a deconvolution (transposed convolution) along one axis.

    The inverse of :func:`get_conv_outsize`: a convolution with the same
    arguments maps an input of the returned length back to ``size``.
    """
    return s * (size - 1) + window_extent(k, d) - 2 * p - (s - 1 if cover_all else 0)


def window_extent(k, d=1):
    """How many input elements one window of ``k`` taps dilated by ``d`` spans."""
    return (k - 1) * d + 1


def reach(k, s, d, out):
    """How far into the padded input the ``out`` windows reach."""
    return (out - 1) * s + window_extent(k, d)


def far_pad(size, k, s, p, d, out):
    """Padding the far side needs so that all ``out`` windows stay inside (``cover_all``
    may need more than ``p``; windows that stop short need none)."""
    return max(0, reach(k, s, d, out) - size - p)


def tap_slice(offset, s, out):
    """The input positions one tap at ``offset`` reads across ``out`` windows."""
    return slice(offset, offset + (out - 1) * s + 1, s)


def axis_property(name, axis):
    """A read-only property giving one spatial axis' entry of the tuple attribute ``name``:
    Chainer's 2-d nodes name them apart (``sy, sx`` of the stride, ``ph, pw`` of the pad,
    ...), and code reading the graph uses those names."""
    return property(lambda self: getattr(self, name)[axis])


def _as_tuple(value, n):
    return tuple(value) if hasattr(value, '__getitem__') else (value,) * n


def strided_view(array, shape, strides):
    """A read-only strided view of ``array`` (NumPy or CuPy)."""
    xp = get_array_module(array)
    if xp is numpy:
        return numpy.lib.stride_tricks.as_strided(array, shape, strides, writeable=False)
    return xp.lib.stride_tricks.as_strided(array, shape, strides)


def im2col(img, ksize, stride, pad, pval=0, dilate=1, out_size=None, cover_all=False):
    """Patches of ``img`` ``(N, C, *dims)`` as columns ``(N, C, *ksize, *out_size)``.

    The padding holds ``pval``; ``out_size`` defaults to the convolution output size.
    One strided copy of a view of the padded input.
    """
    xp = get_array_module(img)
    dims = img.shape[2:]
    n = len(dims)
    ksize, stride, pad, dilate = (_as_tuple(v, n) for v in (ksize, stride, pad, dilate))
    if out_size is None:
        out_size = tuple(get_conv_outsize(*a, cover_all, di) for *a, di in zip(
            dims, ksize, stride, pad, dilate))
    out_size = tuple(out_size)
    if any(o <= 0 for o in out_size):
        raise ValueError('im2col: the output size {} is not positive for input {}'
                         .format(out_size, img.shape))
    far = tuple(far_pad(*a) for a in zip(dims, ksize, stride, pad, dilate, out_size))
    padded = xp.pad(img, ((0, 0), (0, 0)) + tuple(zip(pad, far)),
                    mode='constant', constant_values=(pval,))
    spatial = padded.strides[2:]
    windows = strided_view(
        padded, img.shape[:2] + ksize + out_size, padded.strides[:2]
        + tuple(st * di for st, di in zip(spatial, dilate))
        + tuple(st * s for st, s in zip(spatial, stride)))
    return xp.ascontiguousarray(windows)


def col2im(col, stride, pad, dims, dilate=1):
    """Sums columns ``(N, C, *ksize, *out_size)`` back into an image ``(N, C, *dims)``.

    The adjoint of :func:`im2col`: every column entry is added to the pixel it was
    copied from; entries from the padding are dropped.
    """
    xp = get_array_module(col)
    n = len(dims)
    stride, pad, dilate = (_as_tuple(v, n) for v in (stride, pad, dilate))
    ksize, out_size = col.shape[2:2 + n], col.shape[2 + n:]
    padded_dims = tuple(max(size + 2 * p, reach(k, s, di, o)) for size, k, s, p, di, o in zip(
        dims, ksize, stride, pad, dilate, out_size))
    img = xp.zeros(col.shape[:2] + padded_dims, dtype=col.dtype)
    everything = (slice(None), slice(None))
    for tap in itertools.product(*[range(k) for k in ksize]):
        window = tuple(tap_slice(i * di, s, o) for i, di, s, o in zip(
            tap, dilate, stride, out_size))
        img[everything + window] += col[everything + tap]
    return img[everything + tuple(slice(p, p + size) for p, size in zip(pad, dims))]


class WindowGeometry:
    """Windows over the spatial axes ``size``: ``ksize`` taps dilated by ``dilate``,
    moved by ``stride`` over the input padded by ``pad``, ``out`` of them per axis.

    ``high`` is the padding the far side needs (:func:`far_pad`), ``padded`` whether
    any padding is needed at all. The convolution kernels and the pooling windows
    build on it.
    """

    def __init__(self, size, ksize, stride, pad, dilate, out):
        self.size, self.ksize, self.stride = tuple(size), tuple(ksize), tuple(stride)
        self.pad, self.dilate, self.out = tuple(pad), tuple(dilate), tuple(out)
        self.high = tuple(far_pad(*a) for a in zip(
            self.size, self.ksize, self.stride, self.pad, self.dilate, self.out))
        self.padded = any(self.pad) or any(self.high)
        self.n_taps = math.prod(self.ksize)

    def padded_size(self):
        """The spatial size of the padded input."""
        return tuple(n + p + h for n, p, h in zip(self.size, self.pad, self.high))

    def inner(self):
        """Slices of the padded spatial axes that hold the input."""
        return tuple(slice(p, p + n) for p, n in zip(self.pad, self.size))
