"""Two-dimensional locally connected layer (a convolution with unshared weights)."""

from kusari.functions._checks import fail
from kusari.functions.array.im2col import im2col
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.connection._conv_args import ntuple
from kusari.functions.math.matmul import matmul


def local_convolution_2d(x, W, b=None, stride=1):
    """Two-dimensional local convolution: every output position has its own filters.

    ``y[n, o, i, j] = sum_{c, p, q} W[o, i, j, c, p, q] x[n, c, i s_Y + p, j s_X + q]
    + b[o, i, j]`` (no padding).

    Args:
        x: input of shape ``(n, c_I, h, w)``.
        W: filters of shape ``(c_O, h_O, w_O, c_I, k_H, k_W)`` with
            ``h_O = (h - k_H) // s_Y + 1`` and ``w_O = (w - k_W) // s_X + 1``.
        b: bias of shape ``(c_O, h_O, w_O)`` or None.
        stride (int or pair of ints): stride of filter applications.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)``.
    """
    func = 'local_convolution_2d'
    sy, sx = ntuple(func, 'stride', stride, 2)
    if x.ndim != 4 or W.ndim != 6 or x.shape[1] != W.shape[3]:
        fail(func, 'shapes of x and W', 'x (n, c_I, h, w) and W (c_O, h_O, w_O, c_I, k_H, k_W)',
             'x {} and W {}'.format(x.shape, W.shape))
    if x.dtype.kind != 'f' or W.dtype != x.dtype:
        fail(func, 'dtypes of x and W', 'one floating-point dtype',
             '{} and {}'.format(x.dtype, W.dtype))
    out_c, out_h, out_w, in_c, kh, kw = W.shape
    if ((x.shape[2] - kh) // sy + 1, (x.shape[3] - kw) // sx + 1) != (out_h, out_w):
        fail(func, 'W', 'output size (h_O, w_O) = {} for x {} with stride {}'.format(
            ((x.shape[2] - kh) // sy + 1, (x.shape[3] - kw) // sx + 1), x.shape, (sy, sx)),
            'W of shape {}'.format(W.shape))
    if b is not None and (b.shape != (out_c, out_h, out_w) or b.dtype != x.dtype):
        fail(func, 'b', 'shape {} and dtype {}'.format((out_c, out_h, out_w), x.dtype),
             'shape {} and dtype {}'.format(b.shape, b.dtype))
    n, k, positions = x.shape[0], in_c * kh * kw, out_h * out_w
    col = reshape(im2col(x, (kh, kw), (sy, sx)), (n, k, positions))
    # One (n, k) @ (k, c_O) product per output position.
    y = matmul(transpose(col, (2, 0, 1)),
               transpose(reshape(W, (out_c, positions, k)), (1, 2, 0)))
    y = reshape(transpose(y, (1, 2, 0)), (n, out_c, out_h, out_w))
    if b is not None:
        y = y + reshape(b, (1, out_c, out_h, out_w))
    return y
