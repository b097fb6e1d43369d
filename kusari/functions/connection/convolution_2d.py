"""Two-dimensional convolution."""

from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import (apply_node, check_bias_dtype,
                                                    parse_2d_kwargs)
from kusari.functions.connection.convolution_nd import ConvolutionND
from kusari.utils._conv_geometry import axis_property


class PlanarGeometry:
    """The per-axis names Chainer's 2-d (de)convolution nodes give their geometry, which
    graph readers (onnx_chainer's converters among them) use: ``sy, sx`` (stride),
    ``ph, pw`` (pad) and ``dy, dx`` (dilation), read from the ``(y, x)`` tuples."""

    sy, sx = axis_property('stride', 0), axis_property('stride', 1)
    ph, pw = axis_property('pad', 0), axis_property('pad', 1)
    dy, dx = axis_property('dilate', 0), axis_property('dilate', 1)


class Convolution2DFunction(PlanarGeometry, ConvolutionND):
    """The node of :func:`convolution_2d`: :class:`ConvolutionND` with ``ndim=2`` and
    Chainer's 2-d constructor ``(stride=1, pad=0, cover_all=False, *, dilate=1, groups=1)``."""

    def __init__(self, stride=1, pad=0, cover_all=False, **kwargs):
        dilate, groups = parse_2d_kwargs('convolution_2d', kwargs)
        super().__init__(2, stride, pad, cover_all, dilate, groups, func='convolution_2d')


def convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, **kwargs):
    """convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, *, dilate=1, groups=1)

    Two-dimensional convolution (cross-correlation, as in ConvNets).

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h_I, w_I)``.
        W (Variable or array): filters of shape ``(c_O, c_I / groups, h_K, w_K)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): zero padding on both sides of each spatial axis.
        cover_all (bool): add output positions so that every input element is
            covered by some window.
        dilate (int or pair of ints): dilation of the filters.
        groups (int): number of groups of channels convolved separately.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)`` and ``x``'s dtype, with
        ``h_O = (h_I + 2 h_P - (h_K - 1) d - 1) // s + 1`` (and likewise ``w_O``;
        ``cover_all`` adds ``s - 1`` before the division).
        On the CPU it is a view of a channel-major array (like Chainer's, not
        C-contiguous), which the next convolution reads without a copy.

    >>> import numpy as np
    >>> x = np.ones((1, 1, 4, 4), np.float32)
    >>> W = np.ones((2, 1, 3, 3), np.float32)
    >>> convolution_2d(x, W, pad=1).shape
    (1, 2, 4, 4)
    """
    node = Convolution2DFunction(stride, pad, cover_all, **kwargs)
    if x.ndim != 4:
        fail('convolution_2d', 'x', '4-d array (N, C, H, W)', 'shape {}'.format(x.shape))
    check_bias_dtype('convolution_2d', x, b)
    return apply_node(node, x, W, b)
