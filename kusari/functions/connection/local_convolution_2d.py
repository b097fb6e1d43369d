"""Two-dimensional locally connected layer (a convolution with unshared weights)."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions._dtypes import cast_to
from kusari.functions.array.im2col import Col2Im, im2col
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.connection._conv_args import apply_node, check_bias_dtype, ntuple
from kusari.functions.math.matmul import matmul
from kusari.functions.math.sum import sum as sum_
from kusari.utils import _conv_geometry

_FUNC = 'local_convolution_2d'


class LocalConvolution2DFunction(core.FunctionNode):
    """``y[n, o, i, j] = sum_{c, p, q} W[o, i, j, c, p, q] x[n, c, i s_Y + p, j s_X + q]
    (+ b[o, i, j])``: one ``(n, k) @ (k, c_O)`` product per output position.

    ``x`` and ``W`` may have different float dtypes: the products are computed in their
    promoted dtype, ``y`` (and ``b``) has ``x``'s, each gradient its input's.
    """

    _input_indexes_to_retain = (0, 1)

    def __init__(self, stride=1):
        self.sy, self.sx = ntuple(_FUNC, 'stride', stride, 2)

    def forward(self, inputs):
        if len(inputs) not in (2, 3):
            fail(_FUNC, 'number of inputs', '2 or 3 (x, W and optionally b)', len(inputs))
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        check_float(_FUNC, 'x', x)
        check_float(_FUNC, 'W', W)
        if x.ndim != 4 or W.ndim != 6 or x.shape[1] != W.shape[3]:
            fail(_FUNC, 'shapes of x and W',
                 'x (n, c_I, h, w) and W (c_O, h_O, w_O, c_I, k_H, k_W)',
                 'x {} and W {}'.format(x.shape, W.shape))
        out_c, out_h, out_w, in_c, kh, kw = W.shape
        expected = ((x.shape[2] - kh) // self.sy + 1, (x.shape[3] - kw) // self.sx + 1)
        if expected != (out_h, out_w):
            fail(_FUNC, 'W', 'output size (h_O, w_O) = {} for x {} with stride {}'.format(
                expected, x.shape, (self.sy, self.sx)), 'W of shape {}'.format(W.shape))
        if b is not None:
            if b.shape != (out_c, out_h, out_w):
                fail(_FUNC, 'b', 'shape {}'.format((out_c, out_h, out_w)),
                     'shape {}'.format(b.shape))
            check_bias_dtype(_FUNC, x, b)
        n, k, positions = x.shape[0], in_c * kh * kw, out_h * out_w
        col = _conv_geometry.im2col(x, (kh, kw), (self.sy, self.sx), 0).reshape(n, k, positions)
        y = get_array_module(x).matmul(col.transpose(2, 0, 1),
                                       W.reshape(out_c, positions, k).transpose(1, 2, 0))
        y = y.transpose(1, 2, 0).reshape(n, out_c, out_h, out_w).astype(x.dtype, copy=False)
        if b is not None:
            y += b
        return y,

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        out_c, out_h, out_w, in_c, kh, kw = W.shape
        n, k, positions = x.shape[0], in_c * kh * kw, out_h * out_w
        g = reshape(gy, (n, out_c, positions))
        ret = []
        for i in indexes:
            if i == 0:  # per position: gcol (n, k) = gy (n, c_O) @ W (c_O, k), then col2im
                dtype = numpy.promote_types(x.dtype, W.dtype)
                w = reshape(cast_to(W, dtype), (out_c, positions, k))
                gcol = matmul(transpose(cast_to(g, dtype), (2, 0, 1)), transpose(w, (1, 0, 2)))
                gcol = reshape(transpose(gcol, (1, 2, 0)), (n, k, out_h, out_w))
                params = (kh, kw), (self.sy, self.sx), (0, 0), False, (1, 1)
                ret.append(cast_to(Col2Im(params, x.shape).apply((gcol,))[0], x.dtype))
            elif i == 1:  # per position: gW (c_O, k) = gy^T (c_O, n) @ col (n, k)
                col = reshape(im2col(x, (kh, kw), (self.sy, self.sx)), (n, k, positions))
                gw = matmul(transpose(g, (2, 1, 0)), transpose(col, (2, 0, 1)))
                ret.append(cast_to(reshape(transpose(gw, (1, 0, 2)), W.shape), W.dtype))
            else:
                ret.append(sum_(gy, axis=0))
        return tuple(ret)


def local_convolution_2d(x, W, b=None, stride=1):
    """Two-dimensional local convolution: every output position has its own filters.

    ``y[n, o, i, j] = sum_{c, p, q} W[o, i, j, c, p, q] x[n, c, i s_Y + p, j s_X + q]
    + b[o, i, j]`` (no padding).

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h, w)``.
        W (Variable or array): filters of shape ``(c_O, h_O, w_O, c_I, k_H, k_W)`` with
            ``h_O = (h - k_H) // s_Y + 1`` and ``w_O = (w - k_W) // s_X + 1``; its
            float dtype may differ from ``x``'s.
        b (Variable, array or None): bias of shape ``(c_O, h_O, w_O)`` in ``x``'s dtype.
        stride (int or pair of ints): stride of filter applications.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)`` in ``x``'s dtype.
    """
    node = LocalConvolution2DFunction(stride)
    return apply_node(node, x, W, b)
