"""Array kernels of N-d convolution: im2col + GEMM in a channel-major layout.

Arrays are handled as ``(C, *spatial, N)`` ("channel-major, batch-inner"):

* unfolding (im2col) and folding (col2im) then move whole rows of ``out_w * N``
  contiguous elements at a time instead of ``out_w`` (measured 3-4x faster than
  in ``(N, C, H, W)`` order on LeNet-sized layers);
* each convolution is one GEMM per group whose result is already the output in
  channel-major order, returned to the caller as an ``(N, C, *spatial)`` view
  without a copy, so the next layer's unfold reads contiguous memory again.

Inputs in any memory layout are accepted; a copy is made only when an array is
not channel-major already. float16 is computed in float32 (NumPy has no float16
GEMM) and cast back.
"""

import itertools

import numpy

from kusari.backend import get_array_module


def outsize(size, k, s, p, d, cover_all):
    """Convolution output length along one axis (Chainer's ``get_conv_outsize``)."""
    extent = (k - 1) * d + 1
    return (size + 2 * p - extent + (s - 1 if cover_all else 0)) // s + 1


def channel_major(x):
    """``(N, C, *S)`` as a C-contiguous ``(C, *S, N)`` array (no copy when it already is)."""
    xp = get_array_module(x)
    return xp.ascontiguousarray(xp.moveaxis(x, 0, -1))


def batch_major(xc):
    """The ``(N, C, *S)`` view of a channel-major ``(C, *S, N)`` array."""
    return get_array_module(xc).moveaxis(xc, -1, 0)


def _window_slices(offsets, stride, dilate, out):
    return tuple(slice(k * d, k * d + (o - 1) * s + 1, s)
                 for k, s, d, o in zip(offsets, stride, dilate, out))


def unfold(x, ksize, stride, pad, dilate, out):
    """Columns ``(C, *ksize, *out, N)`` of an ``(N, C, *S)`` input (zero padding)."""
    xp = get_array_module(x)
    xc = xp.moveaxis(x, 0, -1)
    size = xc.shape[1:-1]
    hi = tuple(max(0, (o - 1) * s + (k - 1) * d + 1 - n - p)
               for n, k, s, p, d, o in zip(size, ksize, stride, pad, dilate, out))
    if any(pad) or any(hi):
        padded = xp.zeros((xc.shape[0],) + tuple(
            n + p + h for n, p, h in zip(size, pad, hi)) + (xc.shape[-1],), dtype=x.dtype)
        inner = tuple(slice(p, p + n) for p, n in zip(pad, size))
        padded[(slice(None),) + inner] = xc
        xc = padded
    else:
        xc = xp.ascontiguousarray(xc)
    col = xp.empty((xc.shape[0],) + tuple(ksize) + tuple(out) + (xc.shape[-1],), dtype=x.dtype)
    whole = (slice(None),)
    for offsets in itertools.product(*[range(k) for k in ksize]):
        col[whole + offsets] = xc[whole + _window_slices(offsets, stride, dilate, out)]
    return col


def fold(col, stride, pad, dilate, size):
    """Sums columns ``(C, *ksize, *out, N)`` back into a channel-major ``(C, *size, N)``.

    The adjoint of :func:`unfold`; entries that fall on the padding are dropped.
    """
    xp = get_array_module(col)
    nd = len(size)
    ksize, out = col.shape[1:1 + nd], col.shape[1 + nd:1 + 2 * nd]
    full = tuple(max(n + 2 * p, (o - 1) * s + (k - 1) * d + 1)
                 for n, k, s, p, d, o in zip(size, ksize, stride, pad, dilate, out))
    buf = xp.zeros((col.shape[0],) + full + (col.shape[-1],), dtype=col.dtype)
    whole = (slice(None),)
    for offsets in itertools.product(*[range(k) for k in ksize]):
        buf[whole + _window_slices(offsets, stride, dilate, out)] += col[whole + offsets]
    if any(pad) or full != tuple(n + 2 * p for n, p in zip(size, pad)):
        buf = buf[whole + tuple(slice(p, p + n) for p, n in zip(pad, size))]
    return buf


def _prod(values):
    total = 1
    for v in values:
        total *= v
    return total


def _compute_dtype(dtype):
    return numpy.float32 if dtype == numpy.float16 else dtype


def _matmul(a, b, dtype):
    """``a @ b`` (batched over a leading group axis) computed in ``dtype``'s GEMM type."""
    work = _compute_dtype(dtype)
    if work != dtype:
        return (a.astype(work) @ b.astype(work)).astype(dtype)
    return a @ b


def conv_forward(x, W, b, stride, pad, dilate, groups, out):
    """``y (N, O, *out)`` of the convolution of ``x (N, C, *S)`` with ``W (O, C/g, *k)``."""
    ksize = W.shape[2:]
    col = unfold(x, ksize, stride, pad, dilate, out)
    n = x.shape[0]
    o_ch = W.shape[0]
    per_group = W.shape[1] * _prod(ksize)
    cols = col.reshape(groups, per_group, n * _prod(out))
    weights = W.reshape(groups, o_ch // groups, per_group)
    if groups == 1:
        yc = _matmul(weights[0], cols[0], x.dtype)
    else:
        yc = _matmul(weights, cols, x.dtype)
    yc = yc.reshape((o_ch,) + tuple(out) + (n,))
    if b is not None:
        yc += b.reshape((o_ch,) + (1,) * (len(out) + 1))
    return batch_major(yc)


def conv_grad_weight(x, gy, ksize, stride, pad, dilate, groups):
    """Gradient of the convolution's ``W`` from its input ``x`` and output gradient ``gy``."""
    out = gy.shape[2:]
    col = unfold(x, ksize, stride, pad, dilate, out)
    o_ch = gy.shape[1]
    gyc = channel_major(gy).reshape(groups, o_ch // groups, gy.shape[0] * _prod(out))
    cols = col.reshape(groups, x.shape[1] // groups * _prod(ksize), gyc.shape[-1])
    # (C k, P N) @ (P N, O) measured faster than (O, P N) @ (P N, C k) for
    # LeNet shapes; the transposed result is small.
    gw = _matmul(cols, gyc.transpose(0, 2, 1), x.dtype).transpose(0, 2, 1)
    xp = get_array_module(gw)
    return xp.ascontiguousarray(gw).reshape((o_ch, x.shape[1] // groups) + tuple(ksize))


def deconv_forward(x, W, b, stride, pad, dilate, groups, size):
    """``y (N, O, *size)`` of the transposed convolution of ``x (N, C, *S)`` with
    ``W (C, O/g, *k)``."""
    ksize = W.shape[2:]
    n, c_in = x.shape[:2]
    o_per_group = W.shape[1]
    xc = channel_major(x).reshape(groups, c_in // groups, n * _prod(x.shape[2:]))
    weights = W.reshape(groups, c_in // groups, o_per_group * _prod(ksize)).transpose(0, 2, 1)
    if groups == 1:
        col = _matmul(weights[0], xc[0], x.dtype)
    else:
        col = _matmul(weights, xc, x.dtype)
    col = col.reshape((o_per_group * groups,) + tuple(ksize) + tuple(x.shape[2:]) + (n,))
    yc = fold(col, stride, pad, dilate, size)
    if b is not None:
        yc = yc + b.reshape((b.shape[0],) + (1,) * (len(size) + 1))
    return batch_major(yc)
