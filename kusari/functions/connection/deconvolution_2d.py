"""Two-dimensional transposed convolution ("deconvolution")."""

from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import (apply_node, check_bias_dtype,
                                                    parse_2d_kwargs)
from kusari.functions.connection.convolution_2d import PlanarGeometry
from kusari.functions.connection.deconvolution_nd import DeconvolutionND


class Deconvolution2DFunction(PlanarGeometry, DeconvolutionND):
    """The node of :func:`deconvolution_2d`: :class:`DeconvolutionND` with ``ndim=2`` and
    Chainer's 2-d constructor ``(stride=1, pad=0, outsize=None, *, dilate=1, groups=1)``;
    ``outh, outw`` are the output size (None until forward computes one not given)."""

    outh = property(lambda self: None if self.outs is None else self.outs[0])
    outw = property(lambda self: None if self.outs is None else self.outs[1])

    def __init__(self, stride=1, pad=0, outsize=None, **kwargs):
        dilate, groups = parse_2d_kwargs('deconvolution_2d', kwargs)
        super().__init__(2, stride, pad, outsize, dilate, groups, func='deconvolution_2d')


def deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, **kwargs):
    """deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, *, dilate=1, groups=1)

    Two-dimensional transposed convolution (the gradient of a convolution).

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h_I, w_I)``.
        W (Variable or array): filters of shape ``(c_I, c_O / groups, h_K, w_K)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): padding removed from each side of the output.
        outsize (pair of ints): output size ``(h_O, w_O)``; by default
            ``h_O = s (h_I - 1) + (h_K - 1) d + 1 - 2 h_P`` (and likewise ``w_O``).
        dilate (int or pair of ints): dilation of the filters.
        groups (int): number of groups of channels.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)`` and ``x``'s dtype.
    """
    node = Deconvolution2DFunction(stride, pad, outsize, **kwargs)
    if x.ndim != 4:
        fail('deconvolution_2d', 'x', '4-d array (N, C, H, W)', 'shape {}'.format(x.shape))
    check_bias_dtype('deconvolution_2d', x, b)
    return apply_node(node, x, W, b)
