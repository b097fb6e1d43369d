"""Two-dimensional dilated convolution."""

from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import apply_node, check_bias_dtype
from kusari.functions.connection.convolution_nd import ConvolutionND


def dilated_convolution_2d(x, W, b=None, stride=1, pad=0, dilate=1, cover_all=False):
    """Two-dimensional dilated convolution: :func:`convolution_2d` with ``dilate``.

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h, w)``.
        W (Variable or array): filters of shape ``(c_O, c_I, k_H, k_W)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): zero padding on both sides of each spatial axis.
        dilate (int or pair of ints): dilation of the filters.
        cover_all (bool): add output positions so that every input element is covered.

    Returns:
        Variable: output of shape ``(n, c_O, h_O, w_O)`` and ``x``'s dtype, with
        ``h_O = (h + 2 p_H - (k_H - 1) d_Y - 1) // s_Y + 1`` (and likewise ``w_O``;
        ``cover_all`` adds ``s_Y - 1`` before the division).
    """
    if x.ndim != 4:
        fail('dilated_convolution_2d', 'x', '4-d array (N, C, H, W)', 'shape {}'.format(x.shape))
    check_bias_dtype('dilated_convolution_2d', x, b)
    node = ConvolutionND(2, stride, pad, cover_all, dilate, func='dilated_convolution_2d')
    return apply_node(node, x, W, b)
